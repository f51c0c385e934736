// the console's own stylesheet (scripts/lib.mjs consoleStylesheet), never the booking pages' one
import '../../styled-system/console.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/ConsoleApp';
import { registerConsoleWorker } from './lib/console-worker';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
);

registerConsoleWorker();
