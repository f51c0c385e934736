import { renderFirstScreen } from 'salon-first-screen';
import type { ConsentChoice } from '../../shared/consent';
import type { Bootstrap } from '../../shared/types';

/**
 * The first screen's HTML for the page's #root, rendered at the edge with the client's own
 * components (client/entry-server.tsx: React's streaming renderer), which the browser hydrates: the
 * service selection of a salon at its base path, and the group picker. Null when it cannot be
 * rendered: the page then renders in the browser as before, and the failure is logged.
 */
export async function firstScreenHtml(
  boot: Extract<Bootstrap, { page: 'salon' | 'group' }>,
  location: string,
  choice: ConsentChoice | null,
  requestId: string,
): Promise<string | null> {
  try {
    return await renderFirstScreen(boot, location, choice);
  } catch (e) {
    console.error(`[${requestId}] first screen not rendered:`, e instanceof Error ? e.message : e);
    return null;
  }
}
