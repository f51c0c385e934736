import { proxy, subscribe, useSnapshot } from 'valtio';
import type { RebookingAppointment, RebookingClient, RebookingToken } from '../../../shared/rebooking';

/**
 * The older rebooking flow's state (docs/booking/accounts-and-money.md §2 Older rebooking flow): the
 * short-lived token a texted link gave, the client's record at the salon being rebooked and the
 * past appointment chosen. The flow runs in one tab, so it lives in sessionStorage: a reload
 * keeps it, another tab or a closed one does not.
 */
export interface RebookingState {
  token: string | null;
  /** ISO time the token stops working */
  expiresAt: string | null;
  firstName: string;
  /** the client at the salon being rebooked: its salon names the header and the theme */
  client: RebookingClient | null;
  /** the past appointment being booked again */
  appointment: RebookingAppointment | null;
}

const STORAGE_KEY = 'rebooking';
const empty: RebookingState = { token: null, expiresAt: null, firstName: '', client: null, appointment: null };

function restored(): RebookingState {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    if (saved) return { ...empty, ...(JSON.parse(saved) as Partial<RebookingState>) };
  } catch {
    /* storage unavailable or unreadable: start empty */
  }
  return { ...empty };
}

export const rebooking = proxy<RebookingState>(restored());
subscribe(rebooking, () => {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(rebooking));
  } catch {
    /* storage full or blocked: the flow still works in this page */
  }
});

export const useRebooking = () => useSnapshot(rebooking);

/** The token, unless it has run out (then the link must be opened again). */
export function currentToken(state: Pick<RebookingState, 'token' | 'expiresAt'> = rebooking): string | null {
  if (!state.token || (state.expiresAt && Date.parse(state.expiresAt) <= Date.now())) return null;
  return state.token;
}

/** A link gave a token: a fresh flow for this client. */
export function signedIn(t: RebookingToken) {
  Object.assign(rebooking, { ...empty, token: t.token, expiresAt: t.expires_at, firstName: t.first_name });
}

/**
 * The token no longer works (a 401): it is dropped, so the protected screens show the old-link
 * notice; the salon stays known, so the notice can give its phone number.
 */
export function tokenRefused() {
  rebooking.token = null;
  rebooking.expiresAt = null;
}

export function chooseClient(client: RebookingClient) {
  if (rebooking.client?.id !== client.id) rebooking.appointment = null;
  rebooking.client = client;
}

export function chooseAppointment(appointment: RebookingAppointment) {
  rebooking.appointment = appointment;
}
