import { call } from '../../lib/api';

/** A call of the edge's session API (/session/login, signup, refresh, logout, forgot, reset, me). */
export const session = <T = void>(path: string, body?: unknown, method: 'POST' | 'GET' | 'PATCH' = 'POST', token?: string) =>
  call<T>(path, { base: '/session/', method, body: body ?? (method === 'GET' ? undefined : {}), token });
