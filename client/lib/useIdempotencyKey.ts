import { useRef } from 'react';

/**
 * One Idempotency-Key a press: a new one for each press, the same one again when the last press
 * with the same body got no answer (it may have reached the server), so a retry never pays twice.
 */
export function useIdempotencyKey() {
  const pending = useRef<{ key: string; body: string } | null>(null);
  return {
    /** the key for a press with this body */
    forPress(body: unknown): string {
      const json = JSON.stringify(body);
      if (pending.current?.body !== json) pending.current = { key: crypto.randomUUID(), body: json };
      return pending.current.key;
    },
    /** the server answered (yes or no): the next press is a new one */
    answered() {
      pending.current = null;
    },
  };
}
