import { describe, expect, it } from 'vitest';
import { bootstrapOf, call } from './helpers';

const CODE = 'AbCdEfGh12345678_-xy';

describe('invite links of the text messages', () => {
  it.each([
    [`/invite/1/${CODE}/`, `/salon/1/invite/${CODE}`],
    [`/invite/2/${CODE}`, `/salon/2/invite/${CODE}`],
    [`/login/1/${CODE}`, `/salon/1/invite-login/${CODE}`],
    [`/login/1/${CODE}/`, `/salon/1/invite-login/${CODE}`],
  ])('redirects %s to the salon screen %s', async (from, to) => {
    const res = await call(from);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(to);
  });

  it.each([
    `/invite/1/short`,
    `/invite/1/${'a'.repeat(65)}/`,
    `/invite/1/bad%20code%20with%20spaces/`,
    `/invite/1/..%2f..%2fadmin12345678/`,
    `/invite/abc/${CODE}/`,
    `/invite/0/${CODE}/`,
    `/login/1x/${CODE}`,
    `/login/1/${CODE}!`,
  ])('answers %s with a not-found page', async (path) => {
    const res = await call(path);
    expect(res.status).toBe(404);
    expect(bootstrapOf(await res.text())).toMatchObject({ page: 'not-found', what: 'page' });
  });
});
