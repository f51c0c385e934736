import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { readBootstrap } from './app/bootstrap';
import { refreshSession } from './features/auth/store';
import { enterSalon, rememberCampaign, restoreKeptSelection } from './features/journey/store';
import { setServedRelease } from './lib/release-check';
import { registerServiceWorker } from './lib/service-worker';
import { whenHydrated } from './lib/hydration';
import { releaseEarlyTaps } from './lib/early-taps';

const boot = readBootstrap();
setServedRelease(boot.release);
const root = document.getElementById('root')!;
// The app, loaded by main.tsx. The edge server-rendered this page's first screen
// (client/entry-server.tsx): hydrate it as a first visit renders, then apply what this tab kept
// (its selection) and the taps held meanwhile, once hydrated.
// (A salon page the service worker kept offline, answering for another of its screens, is
// marked data-offline-copy: the app renders that screen anew instead of hydrating this HTML.)
const serverRendered = root.firstElementChild !== null && !root.hasAttribute('data-offline-copy');
if (serverRendered) {
  whenHydrated(restoreKeptSelection);
  whenHydrated(releaseEarlyTaps);
} else restoreKeptSelection();
if (boot.page === 'salon') {
  // Before the first render, so that no screen ever shows another salon's selection.
  enterSalon(boot.salon.id);
  rememberCampaign(window.location.search);
  // A reload keeps the client logged in: the httpOnly refresh cookie gives new tokens. Not in the
  // console's preview, which shows the page as a new client sees it and touches no client's cookie.
  if (!boot.preview) void refreshSession();
}

if (serverRendered) {
  // As a transition, React hydrates in slices and lets the browser breathe between them (the
  // page is already on screen; a tap meanwhile is held, see early-taps.ts), instead of one long task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App boot={boot} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App boot={boot} />
    </StrictMode>,
  );
}

// The offline shell: after the page has loaded, outside the first-load JS.
if (!(boot.page === 'salon' && boot.preview)) registerServiceWorker(boot.page === 'salon');
