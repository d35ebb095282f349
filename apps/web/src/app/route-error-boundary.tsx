/**
 * The routes' error boundary: a page that failed to load (its chunk) or to render is replaced by the
 * error page of the root module; moving to another path tries again.
 */
import { Component, Suspense, lazy, type ErrorInfo, type ReactNode } from 'react';
import { PageLoading } from './route-fallbacks.tsx';

const RouteError = lazy(async () => ({ default: (await import('./root.tsx')).RouteError }));

interface Props {
  /** The current path: a new one clears the error. */
  location: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/** Catches what the pages below throw; the error page it shows has its own fallback below. */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { failedAt: null };

  static getDerivedStateFromError(): Partial<State> {
    // the path is filled in by getDerivedStateFromProps on the same render
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failedAt === '') return { failedAt: props.location };
    if (state.failedAt !== null && state.failedAt !== props.location) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <ErrorPageFallback>
        <Suspense fallback={<PageLoading />}>
          <RouteError />
        </Suspense>
      </ErrorPageFallback>
    );
  }
}

/** When even the error page's code cannot be loaded: a reload button without text (i18n lives there too). */
class ErrorPageFallback extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="boot">
        <button type="button" className="btn btn--primary" aria-label="↻" onClick={() => window.location.reload()}>
          ↻
        </button>
      </div>
    );
  }
}
