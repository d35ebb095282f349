/**
 * The routes' error boundary: a page that failed to load (its chunk) or to render is replaced by the
 * error page; moving to another path tries again.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './root.tsx';

interface Props {
  /** The current path: a new one clears the error. */
  location: string;
  children: ReactNode;
}

interface State {
  failedAt: string | null;
}

/** Catches what the pages below throw. */
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
    return <RouteError />;
  }
}
