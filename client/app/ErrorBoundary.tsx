import { Component, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { primaryButton } from '../components/styles';
import { OFFLINE_MESSAGE } from '../../shared/call-errors';

/** One per route: a render error shows a way forward instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Screen failed to render', error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={css({ py: '8' })}>
        {/* Offline, the usual cause is a screen whose code could not be fetched: say so. Reloading
            keeps the selection (it lives in the tab's session storage). */}
        <p className={css({ mb: '4' })}>{navigator.onLine ? 'Sorry, something went wrong showing this page.' : OFFLINE_MESSAGE}</p>
        <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
          {navigator.onLine ? 'Reload' : 'Try again'}
        </button>
      </div>
    );
  }
}
