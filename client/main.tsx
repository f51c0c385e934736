import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { readBootstrap } from './app/bootstrap';
import { enterSalon, rememberCampaign } from './features/booking/store';

const boot = readBootstrap();
if (boot.page === 'salon') {
  // Before the first render, so that no screen ever shows another salon's selection.
  enterSalon(boot.salon.id);
  rememberCampaign(window.location.search);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App boot={boot} />
  </StrictMode>,
);
