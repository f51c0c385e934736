import { useEffect, useState } from 'react';
import { CallError } from './api';

export type ApiState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ok'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: CallError };

/**
 * The last answer of each key this tab received. Offline, a screen the client has already seen
 * (the staff list, a day's times) shows that answer again instead of vanishing; the offline
 * notice says it may be out of date, and the call runs again once the connection is back.
 */
const lastAnswers = new Map<string, unknown>();
const LAST_ANSWERS_KEPT = 100;

function remember(key: string, data: unknown) {
  lastAnswers.delete(key);
  lastAnswers.set(key, data);
  if (lastAnswers.size > LAST_ANSWERS_KEPT) lastAnswers.delete(lastAnswers.keys().next().value!);
}

export interface ApiOptions {
  /**
   * Keep showing the last answer while a new key loads (a refetch of the same list after a
   * change, not a different list): no loading state flashes in between.
   */
  keepData?: boolean;
}

/**
 * Runs a call when `key` changes (null: don't call) and keeps its result; a newer key cancels
 * the older request, so a quick change of day never shows the previous day's times.
 */
export function useApi<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { keepData = false }: ApiOptions = {},
): ApiState<T> & { retry: () => void } {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    setState((s) => (keepData && s.status === 'ok' ? s : { status: 'loading' }));
    load(ctrl.signal).then(
      (data) => {
        if (ctrl.signal.aborted) return;
        remember(key, data);
        setState({ status: 'ok', data });
      },
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        const error = e instanceof CallError ? e : new CallError(String(e), 0);
        if (error.code === 'offline' && lastAnswers.has(key)) setState({ status: 'ok', data: lastAnswers.get(key) as T });
        else setState({ status: 'error', error });
        // Back online, the call runs again by itself.
        if (error.code === 'offline')
          window.addEventListener('online', () => setAttempt((a) => a + 1), { once: true, signal: ctrl.signal });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return { ...state, retry: () => setAttempt((a) => a + 1) };
}
