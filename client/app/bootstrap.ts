import type { Bootstrap } from '../../shared/types';

/** The page data the edge injected into the HTML (no round trip before the first paint). */
export function readBootstrap(): Bootstrap {
  const el = document.getElementById('bootstrap');
  try {
    if (el?.textContent) return JSON.parse(el.textContent) as Bootstrap;
  } catch {
    /* fall through: a page without data is treated as the landing page */
  }
  return { page: 'landing', release: 'dev' };
}
