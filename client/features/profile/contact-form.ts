import * as z from '../../../shared/zod';
import { MSG_PHONE } from '../../../shared/account-rules';
import { profileFields } from '../../../shared/account-schemas';
import { phoneOf } from '../../components/phone-number';

/**
 * Contact Details: the name and email as PATCH /session/me validates them (shared/account-schemas.ts),
 * and a mobile number it takes, checked with the profile's words (docs/booking/accounts-and-money.md §5).
 * Output: the details as the call would send them, the number in E.164.
 */
export const contactForm = z
  .object({
    name: profileFields.shape.name,
    email: z.string().trim().pipe(profileFields.shape.email),
    phone: z.object({ number: z.string(), country: z.string() }),
  })
  .superRefine((v, ctx) => {
    if (!phoneOf(v.phone.number, v.phone.country)) ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG_PHONE });
  });
export type ContactFormValues = z.input<typeof contactForm>;
