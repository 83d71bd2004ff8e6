import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the children once they threw while rendering. */
  fallback: (error: unknown) => ReactNode;
  /** A new value clears the failure (the address: opening another page tries again). */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  failure: { error: unknown } | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failure ? this.props.fallback(this.state.failure.error) : this.props.children;
  }
}
