import { API_BASE } from './api';
import { checkDue, guardFor, reloadAllowed } from './release-guard';
import { updateServiceWorker } from './service-worker';

/**
 * The release check (docs/booking/journey.md §4 'Release check', §7 GET latest/release/ui.booking/{env}/).
 * The page carries the release it was served with (the bootstrap's `release`, the same RELEASE
 * setting the call answers). On a navigation the client asks for the latest release, at most
 * once per 10 minutes and in the background; when it differs, the NEXT navigation loads its page
 * afresh, once. A guard in session storage (the release and the time) lets that happen once per
 * release in 2 hours, so a server that keeps answering another release never causes a loop. The
 * booking selection lives in session storage (features/journey/store.ts): a reload keeps it.
 */

/** The environment the client names: the one the build is for (the Worker answers its own RELEASE). */
const ENVIRONMENT = import.meta.env.PROD ? 'production' : 'development';
/** When the release was last fetched (the spec's version-fetched flag, in local storage). */
const CHECKED_KEY = 'release:checked';
/** The release a reload was made for, and when (the spec's hardReload, in this tab's session). */
const RELOADED_KEY = 'release:reloaded';
const TIMEOUT_MS = 10_000;

let served = '';
/** A release the server answered that is not the page's own, once seen. */
let newer: string | null = null;
let checking = false;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): boolean {
  try {
    storage().setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

const local = () => localStorage;
const session = () => sessionStorage;

/** The release this page was served with. */
export function setServedRelease(release: string) {
  served = release;
}

/** Fetches the latest release in the background, unless it was fetched less than 10 minutes ago. */
export function checkRelease() {
  if (checking || !checkDue(read(local, CHECKED_KEY), Date.now())) return;
  checking = true;
  fetch(`${API_BASE}latest/release/ui.booking/${ENVIRONMENT}/`, {
    headers: { Accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
    .then(async (res) => {
      if (!res.ok) return;
      const latest = ((await res.json()) as { latest_release?: unknown }).latest_release;
      write(local, CHECKED_KEY, String(Date.now()));
      if (typeof latest === 'string' && latest !== '') newer = latest === served ? null : latest;
    })
    // Offline or a failed answer: nothing is known, the next navigation asks again.
    .catch(() => undefined)
    .finally(() => {
      checking = false;
    });
}

/**
 * Called as a navigation lands (the address is already the target's). When another release was
 * seen and no reload was made for it in the last 2 hours, records the reload, fetches the new
 * service worker and loads the page afresh; answers whether it does.
 */
export function reloadForNewRelease(): boolean {
  if (!newer) return false;
  const now = Date.now();
  if (!reloadAllowed(read(session, RELOADED_KEY), newer, now)) return false;
  // Without a guard a reload could repeat: no storage, no reload.
  if (!write(session, RELOADED_KEY, guardFor(newer, now))) return false;
  void updateServiceWorker().finally(() => window.location.reload());
  return true;
}
