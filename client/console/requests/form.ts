import { MSG_DESK_PHONE } from '../../../shared/console/diary';
import { newInviteSchema, type NewInvite } from '../../../shared/console/requests';
import * as z from '../../../shared/zod';
import { toE164 } from '../../components/phone-number';

export type Kind = NewInvite['request'];

/** The new request's form as the desk fills it in; the call's body is built from it (bodyOf). */
export interface RequestValues {
  request: Kind;
  /** typed, in the salon's currency */
  deposit: string;
  /** the appointment the client's card sent us here with (?appointment=), or null for a new one */
  appointment_id: number | null;
  phone: string;
  first_name: string;
  last_name: string;
  service_id: number | null;
  stylist_id: number | null;
  /** the offered start, as the engine gave it (ISO with offset) */
  start: string | null;
}

export const blankRequest = (appointmentId: number | null): RequestValues => ({
  request: 'deposit',
  deposit: '',
  appointment_id: appointmentId,
  phone: '',
  first_name: '',
  last_name: '',
  service_id: null,
  stylist_id: null,
  start: null,
});

/** The call's body (NewInvite): an existing appointment, or a new one for the client typed in. */
export function bodyOf(v: RequestValues, country: string): unknown {
  return {
    request: v.request,
    ...(v.request === 'deposit' ? { deposit: v.deposit.trim() === '' ? undefined : Number(v.deposit) } : {}),
    ...(v.appointment_id
      ? { appointment_id: v.appointment_id }
      : {
          appointment: {
            start_time: v.start ?? '',
            procedures: v.service_id && v.stylist_id ? [{ service_id: v.service_id, stylist_id: v.stylist_id }] : [],
          },
          client: { phone: toE164(v.phone, country) ?? v.phone, first_name: v.first_name, last_name: v.last_name },
        }),
  };
}

/** Where a field of the call (a path of the shared schema, or the server's refusal) shows on the form. */
export function formFieldOf(field: string): keyof RequestValues {
  if (field === 'deposit' || field === 'appointment_id') return field;
  if (field === 'client' || field === 'client.phone') return 'phone';
  if (field === 'client.first_name') return 'first_name';
  if (field === 'client.last_name') return 'last_name';
  if (field.startsWith('appointment.procedures')) return 'service_id';
  if (field.startsWith('appointment')) return 'start';
  return 'request';
}

/**
 * The form's schema: the shared one the call validates with (newInviteSchema), run over the body
 * the form makes, each of its words on the field it is about. The phone's words are the desk's
 * own (the API's are for programs). Its output is the call's body.
 */
export const requestForm = (country: string) =>
  z.custom<RequestValues>().transform((v, ctx) => {
    const checked = newInviteSchema.safeParse(bodyOf(v, country));
    if (checked.success) return checked.data;
    const found = new Map<keyof RequestValues, string>();
    for (const i of checked.error.issues) {
      const path = i.path.map(String).join('.');
      const field = formFieldOf(path);
      if (path === 'client.phone') found.set(field, v.phone.trim() ? MSG_DESK_PHONE : 'Enter their mobile number');
      else if (!found.has(field)) found.set(field, i.message);
    }
    for (const [field, message] of found) ctx.addIssue({ code: 'custom', path: [field], message });
    return z.NEVER;
  });
