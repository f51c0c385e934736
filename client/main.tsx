import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { App } from './app/App';
import { readBootstrap } from './app/bootstrap';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App boot={readBootstrap()} />
  </StrictMode>,
);
