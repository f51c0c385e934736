import { useEffect, useState } from 'react';
import { CallError } from './api';

export type ApiState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'ok'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: CallError };

/**
 * Runs a call when `key` changes (null: don't call) and keeps its result; a newer key cancels
 * the older request, so a quick change of day never shows the previous day's times.
 */
export function useApi<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): ApiState<T> & { retry: () => void } {
  const [state, setState] = useState<ApiState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (key === null) return;
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    load(ctrl.signal).then(
      (data) => !ctrl.signal.aborted && setState({ status: 'ok', data }),
      (e: unknown) => {
        if (ctrl.signal.aborted) return;
        setState({ status: 'error', error: e instanceof CallError ? e : new CallError(String(e), 0) });
      },
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return { ...state, retry: () => setAttempt((a) => a + 1) };
}
