import { useEffect, useState } from 'react';
import type { GroupNextTimes } from '../../../shared/types';
import { answer, api, send } from '../../lib/api';

type NextTimes = Map<number, GroupNextTimes['salons'][number]>;

/**
 * Every location's next time, asked once for the whole group after the page shows (the page
 * itself is server-rendered and cached; times change with every booking). Null while asking;
 * an empty map when the call failed (the cards then simply show no time).
 */
export function useNextTimes(groupId: number, service: string | null): NextTimes | null {
  const [times, setTimes] = useState<NextTimes | null>(null);
  useEffect(() => {
    const ask = new AbortController();
    answer(
      api['book-online'].group[':groupId']['next-times'].index.$get(
        { param: { groupId: String(groupId) }, query: { service: service ?? undefined } },
        send({ signal: ask.signal }),
      ),
    )
      .then((t) => setTimes(new Map(t.salons.map((s) => [s.id, s]))))
      .catch(() => setTimes(new Map()));
    return () => ask.abort();
  }, [groupId, service]);
  return times;
}
