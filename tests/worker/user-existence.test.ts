import { describe, expect, it } from 'vitest';
import { MSG_NUMBERS_FROM_ADDRESS } from '../../worker/abuse/limits';
import { call, signUp } from './helpers';

// Issue 33 item 5: /session/login answered 404 'User does not exist.' for an unknown number and 401
// for a known one, /session/forgot 404 against 200, and 110 numbers were checked from one address
// with none refused. Now both answer alike (Cognito's "prevent user existence errors", which the
// stand-in imitates), and an address tries at most 50 different numbers an hour.
const run = Math.floor(Math.random() * 250);
const at = (host: number, net = 0) => `100.${run}.${200 + net}.${host}`;
let numbers = 0;
const freshPhone = () => `+4477008${String(Date.now() % 10_000).padStart(4, '0')}${String(++numbers).padStart(2, '0')}`;
const post = (path: string, body: unknown, address: string) =>
  call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
    body: JSON.stringify(body),
  });
/** An answer's status and body, without its request id (every answer has its own). */
async function answerOf(res: Response) {
  const { request_id: _, ...body } = (await res.json()) as Record<string, unknown>;
  return { status: res.status, body };
}

async function knownClient() {
  const client = { phone: freshPhone(), password: 'Good-pass1' };
  const res = await signUp({ first_name: 'Kim', last_name: 'Test', email: 'kim@example.com', ...client }, { 'CF-Connecting-IP': at(1, 9) });
  expect(res.status).toBe(200);
  return client;
}

describe('registered numbers cannot be listed', () => {
  it('a wrong password answers the same for a number with an account and one without', async () => {
    const known = await knownClient();
    const unknown = freshPhone();
    const a = await answerOf(await post('/session/login', { phone: known.phone, password: 'Wrong-pass1' }, at(2)));
    const b = await answerOf(await post('/session/login', { phone: unknown, password: 'Wrong-pass1' }, at(3)));
    expect(a).toEqual({ status: 401, body: expect.objectContaining({ detail: 'Incorrect username or password.' }) });
    expect(b).toEqual(a);
  });

  it('a password reset answers the same for a number with an account and one without', async () => {
    const known = await knownClient();
    const unknown = freshPhone();
    const a = await answerOf(await post('/session/forgot', { phone: known.phone }, at(4)));
    const b = await answerOf(await post('/session/forgot', { phone: unknown }, at(5)));
    expect(a).toEqual({ status: 200, body: { destination: `+*******${known.phone.slice(-4)}` } });
    expect(b).toEqual({ status: 200, body: { destination: `+*******${unknown.slice(-4)}` } });
    // a reset code for a number without an account is a wrong code, as for one with an account
    const c = await answerOf(await post('/session/reset', { phone: unknown, code: '123456', password: 'Good-pass2' }, at(5)));
    const d = await answerOf(await post('/session/reset', { phone: known.phone, code: '000000', password: 'Good-pass2' }, at(4)));
    expect(c.status).toBe(400);
    expect(c).toEqual(d);
  });

  it('an address tries at most 50 different numbers an hour, and keeps the ones it has tried', async () => {
    const address = at(6);
    const tried = Array.from({ length: 50 }, () => freshPhone());
    const answers = await Promise.all(tried.map((phone) => post('/session/login', { phone, password: 'Guess-pass1' }, address)));
    expect(answers.map((r) => r.status)).toEqual(Array<number>(50).fill(401));
    const refused = await post('/session/forgot', { phone: freshPhone() }, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: string }).detail).toBe(MSG_NUMBERS_FROM_ADDRESS);
    expect((await post('/session/forgot', { phone: tried[0] }, address)).status).toBe(200);
    expect((await post('/session/forgot', { phone: freshPhone() }, at(7))).status).toBe(200);
  }, 60_000);
});
