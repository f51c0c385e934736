import { Component, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { primaryButton } from '../components/styles';

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
        <p className={css({ mb: '4' })}>Sorry, something went wrong showing this page.</p>
        <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
