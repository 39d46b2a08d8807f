import { ErrorFallback } from '../../components/ui/error-boundary.tsx';

/** The last resort (the layout itself failed): 'Something went wrong', Retry reloads the page. */
export function RootErrorPage() {
  return (
    <main className="px-4">
      <ErrorFallback onRetry={() => window.location.reload()} />
    </main>
  );
}
