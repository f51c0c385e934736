/**
 * An appointment's number as staff read it out and type it: the salon's own count
 * (appointments.number, migration 0033), never the row's id.
 */

/** 'No. 12' */
export const appointmentNo = (n: number) => `No. ${n}`;

/**
 * A number as typed ('12', 'No. 12', 'no 12', '#12'): the number; empty, null; anything else NaN,
 * which the schema refuses in its own words.
 */
export function typedAppointmentNumber(typed: string | null | undefined): number | null {
  const s = (typed ?? '').trim().replace(/^(no\.?|#)\s*/i, '');
  if (s === '') return null;
  return /^\d{1,10}$/.test(s) ? Number(s) : Number.NaN;
}
