import { Component, type ReactNode } from 'react';
import { PrimaryButton } from '@/shared/light/Button';
import { CloseCircleIcon } from '@/shared/light/icons';
import { zhCN } from '@/shared/locales/zh-CN';

/**
 * RouteError replaces the page when rendering or loading it throws (for example a page chunk
 * that cannot be fetched after a deployment). The app imports it eagerly, so it draws without
 * antd (the login route loads without it, docs/decisions/frontend-load.md, "Front-end load") and works when code loading itself fails.
 */
export function RouteError() {
  return (
    <div role="alert" style={{ padding: '64px 16px', textAlign: 'center' }}>
      <span style={{ fontSize: 64, color: '#ff4d4f' }}>
        <CloseCircleIcon />
      </span>
      <h2 style={{ margin: '24px 0 8px', fontSize: 24, fontWeight: 500 }}>{zhCN.pages.error}</h2>
      <p style={{ margin: '0 0 24px', color: 'rgba(0,0,0,.45)' }}>{zhCN.errors.renderError}</p>
      <PrimaryButton size="middle" onClick={() => window.location.reload()}>
        {zhCN.common.reload}
      </PrimaryButton>
    </div>
  );
}

interface Props {
  /** A change of resetKey (the location's pathname) clears a caught error: moving away recovers. */
  resetKey: string;
  /** What shows instead of children once they have thrown (RouteError and what goes with it). */
  fallback: ReactNode;
  children: ReactNode;
}

interface State {
  caught: boolean;
  resetKey: string;
}

/**
 * RouteErrorBoundary catches what its children throw while rendering and shows the fallback.
 * react-router's declarative mode has no errorElement (only its data router had), so the app
 * places this boundary itself (routes.tsx, RootLayout). It resets on resetKey rather than being
 * keyed by it: a key would remount the whole page tree (the account centre's side menu with its
 * page) on every move, an error or not.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { caught: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { caught: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { caught: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    // The page's error, for whoever looks at the console (a failed chunk names its file).
    console.error(error);
  }

  override render() {
    return this.state.caught ? this.props.fallback : this.props.children;
  }
}
