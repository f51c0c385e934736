import { dbOf } from './salon-db';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import {
  admitLogin,
  loginSucceeded,
  MSG_LOGIN_LOCKED,
  MSG_RESET_LIMIT,
  MSG_SIGNUP_LIMIT,
  MSG_TOO_MANY_FROM_ADDRESS,
  MSG_VERIFY_LIMIT,
} from '../../worker/abuse/limits';
import { call, signUp } from './helpers';

// Issue 16 items 1, 3 (sign-ups), 6 and 7: every allowance is taken atomically before the work it
// guards, so concurrency cannot multiply it, and an address full of guesses never refuses a
// correct password for an account nobody attacks.
const post = (path: string, body: unknown, address: string) =>
  call(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': address },
    body: JSON.stringify(body),
  });
const login = (phone: string, password: string, address: string) => post('/session/login', { phone, password }, address);
const detailOf = async (res: Response) => ((await res.json()) as { detail: string }).detail;
let numbers = 0;
// The stand-ins Worker keeps its own counters between runs: each run uses addresses of its own.
const run = Math.floor(Math.random() * 250);
const at = (host: number, net = 0) => `100.${run}.${net}.${host}`;
const freshPhone = () => `+4477009${String(Date.now() % 10_000).padStart(4, '0')}${String(++numbers).padStart(2, '0')}`;

/** A client of its own (the stand-ins keep the demo client's counters between runs). */
async function newClient() {
  const client = { phone: freshPhone(), password: 'Good-pass1' };
  const res = await signUp(
    { first_name: 'Alex', last_name: 'Test', email: 'alex@example.com', ...client },
    { 'CF-Connecting-IP': at(1, 3) },
  );
  expect(res.status).toBe(200);
  return client;
}

/** The attempts that reached the password check: every answer but the edge's own refusal. */
async function checked(responses: Response[]) {
  const details = await Promise.all(responses.map(async (r) => (r.status === 429 ? await detailOf(r) : 'checked')));
  return details.filter((d) => d !== MSG_LOGIN_LOCKED).length;
}

describe('the sign-in allowance', () => {
  it.each([50, 200])(
    'checks at most 5 passwords for one phone under %i concurrent attempts from one address',
    async (n) => {
      const phone = freshPhone();
      const answers = await Promise.all(Array.from({ length: n }, () => login(phone, 'Wrong-pass1', at(7, 1))));
      expect(await checked(answers)).toBe(5);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(n - 5);
    },
    60_000,
  );

  // Issue 55 item 6: the account-wide backoff bounds what many addresses check together: each
  // address's first try, and the rest only while the account has had at most 8 in 15 minutes.
  it('checks one try per address, and at most 8 tries of the account besides, under 120 concurrent attempts from 40 addresses', async () => {
    const phone = freshPhone();
    const answers = await Promise.all(Array.from({ length: 120 }, (_, i) => login(phone, 'Wrong-pass1', at(i % 40, 4))));
    const n = await checked(answers);
    expect(n).toBeGreaterThanOrEqual(40);
    expect(n).toBeLessThanOrEqual(48);
  }, 60_000);

  it('refuses the sixth attempt from one address, even the right password, with a message the client can act on', async () => {
    const client = await newClient();
    for (let i = 0; i < 5; i++) await login(client.phone, 'Wrong-pass1', at(50));
    const res = await login(client.phone, client.password, at(50));
    expect(res.status).toBe(429);
    expect(await detailOf(res)).toBe(MSG_LOGIN_LOCKED);
  });

  it('a correct password clears the count of its phone from its address', async () => {
    const phone = freshPhone();
    const now = Date.now();
    for (let i = 0; i < 4; i++) await admitLogin(env.ABUSE, phone, at(60), now);
    await loginSucceeded(env.ABUSE, phone, at(60));
    for (let i = 0; i < 5; i++) await admitLogin(env.ABUSE, phone, at(60), now);
    await expect(admitLogin(env.ABUSE, phone, at(60), now)).rejects.toThrow(MSG_LOGIN_LOCKED);
    // The window ends by itself.
    await expect(admitLogin(env.ABUSE, phone, at(60), now + 15 * 60_000)).resolves.toBeUndefined();
  });

  it('an address over its limit never refuses an account nobody attacks, only the numbers it has already tried', async () => {
    const client = await newClient();
    const nat = at(77);
    // 45 numbers (under the 50 different numbers an address may try an hour), then 60 more guesses on them
    const numbers = Array.from({ length: 45 }, () => freshPhone());
    const guesses = await Promise.all(numbers.map((n) => login(n, 'Guess-pass1', nat)));
    expect(guesses.every((r) => r.status !== 429)).toBe(true); // each a first attempt for its number
    await Promise.all(numbers.slice(0, 30).flatMap((n) => [login(n, 'Guess-pass2', nat), login(n, 'Guess-pass3', nat)]));
    const correct = await login(client.phone, client.password, nat);
    expect(correct.status, await correct.clone().text()).toBe(200);
    const tried = freshPhone();
    expect((await login(tried, 'Guess-pass1', nat)).status).not.toBe(429);
    const again = await login(tried, 'Guess-pass2', nat);
    expect(again.status).toBe(429);
    expect(await detailOf(again)).toBe(MSG_TOO_MANY_FROM_ADDRESS);
  }, 60_000);
});

describe('sign-ups, reset codes and booking verification codes', () => {
  it('limits sign-ups per address to 30 an hour, atomically', async () => {
    const address = at(80);
    const answers = await Promise.all(
      Array.from({ length: 35 }, () =>
        post(
          '/session/signup',
          { first_name: 'Sam', last_name: 'Test', email: 'sam@example.com', phone: freshPhone(), password: 'Good-pass1' },
          address,
        ),
      ),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(answers.map((r) => r.status).sort(), await answers.find((r) => r.status !== 202 && r.status !== 429)?.text()).toEqual([
      ...Array<number>(30).fill(202),
      ...Array<number>(5).fill(429),
    ]);
    expect(await detailOf(refused[0]!)).toBe(MSG_SIGNUP_LIMIT);
    const elsewhere = await post(
      '/session/signup',
      { first_name: 'Sam', last_name: 'Test', email: 'sam@example.com', phone: freshPhone(), password: 'Good-pass1' },
      at(81),
    );
    expect(elsewhere.status).toBe(202);
  }, 60_000);

  it('compares at most 5 reset codes per phone an hour', async () => {
    const resetPhone = freshPhone();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/session/reset', { phone: resetPhone, code: String(100000 + i), password: 'Good-pass1' }, at(i, 2)),
      ),
    );
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(7);
    expect(await detailOf(refused[0]!)).toBe(MSG_RESET_LIMIT);
  });

  it('tries at most 20 booking verification codes per address in 15 minutes', async () => {
    const put = (code: string, address: string) =>
      call(`/api/book-online/verify/2/${code}/`, { method: 'PUT', headers: { 'CF-Connecting-IP': address } });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => put(`guess${String(i).padStart(4, '0')}`, at(90))));
    expect(answers.filter((r) => r.status === 404)).toHaveLength(20);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(await detailOf(refused[0]!)).toBe(MSG_VERIFY_LIMIT);
    expect((await put('guess9999', at(91))).status).toBe(404);
  });

  // Issue 33 item 3: 300 wrong codes from 300 addresses locked the salon's verification (429 for
  // its real clients' right codes for 15 minutes). Codes are counted per code and per address.
  it("300 wrong codes from 300 addresses leave a real client's right code working", async () => {
    const code = `real${String(run).padStart(3, '0')}${Date.now() % 100_000}`;
    const row = await (
      await dbOf(2)
    )
      .prepare(
        "UPDATE appointments SET verification_code = ?, verified_at = NULL WHERE id = (SELECT MIN(id) FROM appointments WHERE salon_id = 2 AND kind = 'appointment') RETURNING id",
      )
      .bind(code)
      .first<{ id: number }>();
    const put = (c: string, address: string) =>
      call(`/api/book-online/verify/2/${c}/`, { method: 'PUT', headers: { 'CF-Connecting-IP': address } });
    const wrong = await Promise.all(Array.from({ length: 300 }, (_, i) => put(`wrong${i}x${run}`, at(i % 250, 10 + Math.floor(i / 250)))));
    expect(wrong.every((r) => r.status === 404)).toBe(true);
    const right = await put(code, at(7, 20));
    expect(right.status).toBe(200);
    expect(await right.json()).toEqual({ bookingStatus: 'verified', appointment_id: row!.id });
    // 300 requests at once: over a minute when the Worker stage shares both cores with the browser tests
  }, 180_000);

  it('tries one code at most 5 times in 15 minutes, from any addresses', async () => {
    const put = (address: string) =>
      call(`/api/book-online/verify/2/samecode${run}/`, { method: 'PUT', headers: { 'CF-Connecting-IP': address } });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => put(at(i, 30))));
    expect(answers.filter((r) => r.status === 404)).toHaveLength(5);
    const refused = answers.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(await detailOf(refused[0]!)).toBe(MSG_VERIFY_LIMIT);
  });
});
