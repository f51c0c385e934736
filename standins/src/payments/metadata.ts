import type { MetadataParam } from './params';
import { badParam } from './stripe-error';

export type Metadata = Record<string, string>;
const MAX_KEYS = 50;

/**
 * Stripe's metadata update: keys are merged in, a key set to '' is removed, metadata='' clears
 * everything; at most 50 keys.
 */
export function applyMetadata(current: Metadata, change: MetadataParam): Metadata {
  if (change === undefined) return current;
  if (change === null) return {};
  const next: Metadata = { ...current };
  for (const [k, v] of Object.entries(change)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > MAX_KEYS) {
    throw badParam(`Invalid metadata: metadata can have at most ${MAX_KEYS} keys.`, 'metadata');
  }
  return next;
}
