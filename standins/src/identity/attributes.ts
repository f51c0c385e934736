import * as z from 'zod';
import { CognitoError, invalidParameter, MSG, notAuthorized } from './cognito-error';
import type { AttributeInput } from './schemas';

/** The attributes an app client may write; everything else is read-only or unknown. */
export const EDITABLE = ['phone_number', 'email', 'name', 'given_name', 'family_name'] as const;
type Editable = (typeof EDITABLE)[number];
/** null clears an attribute. */
export type AttributeChanges = Partial<Record<Editable, string | null>>;

const READ_ONLY = new Set(['sub', 'phone_number_verified', 'email_verified', 'updated_at']);
const E164 = /^\+[1-9]\d{6,14}$/;
const email = z.email();

export const isPhoneNumber = (value: string) => E164.test(value);

const isEditable = (name: string): name is Editable => (EDITABLE as readonly string[]).includes(name);

/** Checks a list of {Name, Value} attributes as the pool's schema does. */
export function parseAttributes(list: readonly AttributeInput[]): AttributeChanges {
  const out: AttributeChanges = {};
  for (const { Name, Value } of list) {
    if (!isEditable(Name)) {
      if (READ_ONLY.has(Name) || Name.startsWith('cognito:')) throw notAuthorized(MSG.unauthorizedAttribute);
      throw invalidParameter(`Attributes did not conform to the schema: ${Name}: Attribute does not exist in the schema.`);
    }
    if (Name in out) throw invalidParameter(`Attributes did not conform to the schema: ${Name}: Attribute is given more than once.`);
    const value = Value.trim();
    if (Name === 'phone_number') {
      if (!isPhoneNumber(value)) throw invalidParameter(MSG.invalidPhone);
      out.phone_number = value;
    } else if (Name === 'email') {
      if (value && !email.safeParse(value).success) throw invalidParameter(MSG.invalidEmail);
      out.email = value || null;
    } else {
      out[Name] = value || null;
    }
  }
  return out;
}

export const aliasExists = () => new CognitoError('AliasExistsException', MSG.phoneExists);
