import * as z from '../zod';
import { typedName } from '../typed-name';

/** An API key for automation, as GET /api/console/salons/{id}/keys lists it (never the key itself). */
export interface ApiKeySummary {
  id: number;
  name: string;
  /** the key's first characters, to tell keys apart ('bwk_3fA9…') */
  prefix: string;
  created_at: string;
  /** the last time the key was used, or null when never */
  last_used_at: string | null;
}

/** POST /api/console/salons/{id}/keys answers the key once: it is stored only hashed. */
export interface CreatedApiKey extends ApiKeySummary {
  key: string;
}

export const apiKeyCreateSchema = z.strictObject(
  {
    name: typedName({ max: 60, empty: 'Give the key a name, such as "Website sync"', tooLong: 'A key name can be at most 60 characters' }),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
);
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;
