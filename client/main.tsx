import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { readBootstrap } from './app/bootstrap';
import { refreshSession } from './features/auth/store';
import { enterSalon, rememberCampaign } from './features/booking/store';
import { setServedRelease } from './lib/release-check';
import { registerServiceWorker } from './lib/service-worker';

const boot = readBootstrap();
setServedRelease(boot.release);
if (boot.page === 'salon') {
  // Before the first render, so that no screen ever shows another salon's selection.
  enterSalon(boot.salon.id);
  rememberCampaign(window.location.search);
  // A reload keeps the client logged in: the httpOnly refresh cookie gives new tokens.
  void refreshSession();
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App boot={boot} />
  </StrictMode>,
);

// The offline shell: after the page has loaded, outside the first-load JS.
registerServiceWorker(boot.page === 'salon');
