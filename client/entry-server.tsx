import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { Bootstrap } from '../shared/types';
import type { ConsentChoice } from '../shared/consent';
import { App } from './app/App';
import { GroupPicker } from './features/group/GroupPicker';
import { enterSalon } from './features/journey/store';
import { consent } from './lib/consent';

/**
 * The edge's server render of a first screen (docs/architecture.md: the first screen is
 * server-rendered): the service selection of a salon's booking area at its base path, and the
 * group picker. The Worker imports this module as it is built by `vite build` (the `ssr`
 * environment of vite.config.ts, dist/ssr/entry-server.js), with the same components the browser
 * hydrates. On the server no effect runs and no lazy screen is rendered: the build replaces the
 * app's dynamic imports with promises that never settle.
 *
 * What differs per visitor and is on the first screen is passed in (the cookie banner's choice
 * from the request's cookie); everything else renders as a first visit does, and the browser
 * applies its own state (a kept selection, a session) after hydration.
 */
export async function renderFirstScreen(boot: Bootstrap, location: string, choice: ConsentChoice | null): Promise<string> {
  // Module state (the consent and booking stores) is shared in the isolate: one render at a time.
  const turn = queue.then(() => render(boot, location, choice));
  queue = turn.catch(() => undefined);
  return turn;
}

let queue: Promise<unknown> = Promise.resolve();

async function render(boot: Bootstrap, location: string, choice: ConsentChoice | null): Promise<string> {
  consent.choice = choice;
  if (boot.page === 'salon') enterSalon(boot.salon.id);
  let failed: unknown = null;
  const stream = await renderToReadableStream(
    <StrictMode>
      <App boot={boot} location={location} GroupPicker={GroupPicker} />
    </StrictMode>,
    {
      // a screen that waits for something the server never gets (a lazy chunk) must not hold the page
      signal: AbortSignal.timeout(2000),
      // Never outline a large boundary into a later chunk: that needs React's inline completion
      // script, which the page's Content-Security-Policy refuses (a category of long service
      // descriptions crossed the default 12,800 bytes). The whole first screen is one piece.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(e) {
        failed = e;
      },
    },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return html;
}
