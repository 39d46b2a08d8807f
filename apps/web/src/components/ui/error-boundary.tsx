import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useInteractive } from '../../lib/shell.ts';
import { LoadFailure } from './load-failure.tsx';

/** The spec's 'Something went wrong' screen, with Retry and Go Home. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  // In place of the page, so in place of what marks it interactive.
  useInteractive();
  return (
    <LoadFailure title={t('errors.boundary.title')} message={t('errors.boundary.text')} onRetry={onRetry} />
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A change of this value (e.g. the path) clears the error. */
  resetKey?: unknown;
  /** Shown instead of the 'Something went wrong' screen with its in-place Retry. */
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error ?? new Error('Unknown render error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render() {
    if (this.state.error && this.props.fallback !== undefined) return this.props.fallback;
    if (this.state.error) return <ErrorFallback onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
