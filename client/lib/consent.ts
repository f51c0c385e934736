import { proxy, useSnapshot } from 'valtio';
import { consentCookie, consentFromCookies, type ConsentChoice } from '../../shared/consent';

export interface ConsentState {
  /** 'all' or 'essential' once the client has chosen; null on a first visit */
  choice: ConsentChoice | null;
  /** the banner is open again from 'Cookie settings' */
  reopened: boolean;
  /** analytics were stopped after their script had loaded: a reload clears what is left of it */
  reloadAdvised: boolean;
}

/**
 * The client's cookie choice (docs/booking/accounts-and-money.md §4 'Cookie consent'), kept in the
 * first-party cookie of shared/consent.ts for a year: the same record on every page of this host,
 * and one the edge can read.
 */
export const consent = proxy<ConsentState>({
  // on the server (client/entry-server.tsx) the edge sets the choice from the request's cookie
  choice: typeof document === 'undefined' ? null : consentFromCookies(document.cookie),
  reopened: false,
  reloadAdvised: false,
});

export const useConsent = () => useSnapshot(consent);

/** 'Essential cookies only' or 'Accept all cookies': kept, and the banner closes. */
export function chooseConsent(choice: ConsentChoice) {
  document.cookie = consentCookie(choice, window.location.protocol === 'https:');
  consent.choice = choice;
  consent.reopened = false;
  if (choice === 'all') consent.reloadAdvised = false;
}

/** 'Cookie settings': the banner opens again to change the choice. */
export function openCookieSettings() {
  consent.reopened = true;
}

/** The analytics script had already run on this page when analytics were turned off. */
export function adviseReload() {
  consent.reloadAdvised = true;
}
