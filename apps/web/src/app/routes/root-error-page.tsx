import { useRouteError } from 'react-router';
import { ErrorFallback } from '../../components/ui/error-boundary.tsx';

/** The router's last resort (the layout itself failed): 'Something went wrong', Retry reloads. */
export function RootErrorPage() {
  const error = useRouteError();
  console.error('Route error', error);
  return (
    <main className="px-4">
      <ErrorFallback onRetry={() => window.location.reload()} />
    </main>
  );
}
