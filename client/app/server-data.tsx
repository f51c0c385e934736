import { lazy, type ComponentType } from 'react';

/**
 * A screen that loads when the client gets to it, inside the page's query client. The first
 * screen is drawn from the data the edge injects and asks the server nothing, so TanStack Query
 * and the page's cache (client/lib/query-client.tsx) load with the first screen that does, beside
 * its own code, and stay out of the first load.
 */
export function lazyWithServerData<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Screen, { ServerData }] = await Promise.all([load(), import('../lib/query-client')]);
    return {
      default: (props: P) => (
        <ServerData>
          <Screen {...props} />
        </ServerData>
      ),
    };
  });
}
