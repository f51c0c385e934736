import { describe, expect, it } from 'vitest';
import { call, signUp } from './helpers';

const DEMO = { phone: '+447700900123', password: 'Demo-pass1' };
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const cookieOf = (res: Response) => res.headers.get('Set-Cookie')?.match(/__Host-session=([^;]*)/)?.[1] ?? null;

interface Session {
  access_token: string;
  id_token: string;
  expires_in: number;
  user: { username: string; name: string; email: string; phone_number: string };
}

describe('the session: tokens in memory, the refresh token in an httpOnly cookie', () => {
  it('logs the demo client in and sets a Secure, httpOnly, SameSite=Strict refresh cookie', async () => {
    const res = await call('/session/login', json(DEMO));
    expect(res.status).toBe(200);
    const s = (await res.json()) as Session;
    expect(s.user).toMatchObject({ phone_number: DEMO.phone, name: 'Jamie Rivers' });
    expect(s.access_token.split('.')).toHaveLength(3);
    const cookie = res.headers.get('Set-Cookie')!;
    expect(cookie).toMatch(/^__Host-session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(JSON.stringify(s)).not.toContain(cookieOf(res)!);
  });

  it('a reload keeps the client logged in through the cookie, and logout ends it', async () => {
    const login = await call('/session/login', json(DEMO));
    const cookie = `__Host-session=${cookieOf(login)}`;
    const refreshed = await call('/session/refresh', json({}, { Cookie: cookie }));
    expect(refreshed.status).toBe(200);
    expect(((await refreshed.json()) as Session).user.phone_number).toBe(DEMO.phone);
    const out = await call('/session/logout', json({}, { Cookie: cookie }));
    expect(out.status).toBe(204);
    expect(out.headers.get('Set-Cookie')).toMatch(/__Host-session=;|Max-Age=0/);
    const again = await call('/session/refresh', json({}, { Cookie: cookie }));
    expect(again.status).toBe(401);
  });

  it('answers a visitor without a session with 204, not an error', async () => {
    expect((await call('/session/refresh', json({}))).status).toBe(204);
  });

  it('words a wrong password as Cognito does, and never echoes it', async () => {
    // not the demo client's number: a failure on it would leave it open to the stand-in's lock of the
    // suite's one address (every file's wrong passwords), and refuse its right password later in the run
    const client = { first_name: 'Wyn', last_name: 'Wrong', email: 'wyn@example.test', phone: '+447700900557', password: 'Right-pass9' };
    expect((await signUp(client)).ok).toBe(true);
    const res = await call('/session/login', json({ phone: client.phone, password: 'Wrong-pass9' }));
    expect(res.status).toBe(401);
    const body = await res.text();
    expect(JSON.parse(body)).toMatchObject({ code: 'NotAuthorizedException', detail: 'Incorrect username or password.' });
    expect(body).not.toContain('Wrong-pass9');
  });

  it('creates an account that is logged in once the code texted to its number is entered; the same number again is refused', async () => {
    const details = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test', phone: '+447700900555', password: 'Analytic1' };
    const res = await signUp(details);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Session).user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.test',
      phone_number: '+447700900555',
      phone_number_verified: true,
    });
    const dup = await call('/session/signup', json(details));
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({
      code: 'UsernameExistsException',
      request_id: expect.any(String),
      detail: 'An account with the given phone_number already exists.',
    });
  });

  it.each([
    [
      { first_name: 'A', last_name: 'B', email: 'a@b.co', phone: '+447700900556', password: 'Analytic1' },
      'First Name must be 2 characters long',
    ],
    [{ first_name: 'Al', last_name: '', email: 'a@b.co', phone: '+447700900556', password: 'Analytic1' }, 'Please enter your last name'],
    [
      { first_name: 'Al', last_name: 'B', email: 'nope', phone: '+447700900556', password: 'Analytic1' },
      'Please enter a valid email address',
    ],
    [
      { first_name: 'Al', last_name: 'B', email: 'a@b.co', phone: '07700', password: 'Analytic1' },
      'Please enter a valid phone number in order to proceed',
    ],
    [
      { first_name: 'Al', last_name: 'B', email: 'a@b.co', phone: '+447700900556', password: 'analytic1' },
      'Password needs to be at least 8 characters in length and contain lowercase character, at least one uppercase character and a number.',
    ],
  ])('refuses a bad sign-up with the spec message: %j', async (body, detail) => {
    const res = await call('/session/signup', json(body));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(detail);
  });

  it('reads and changes the contact details with the access token', async () => {
    const login = (await (await call('/session/login', json(DEMO))).json()) as Session;
    const auth = { Authorization: `Bearer ${login.access_token}` };
    const me = await call('/session/me', { headers: auth });
    expect(((await me.json()) as Session['user']).email).toBe('jamie@example.test');
    const changed = await call('/session/me', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Jamie R' }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as Session['user']).name).toBe('Jamie R');
    const bad = await call('/session/me', {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'J' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toBe('Name must be 2 characters long');
  });

  it('refuses non-JSON posts (no cross-site form can log anyone in or out)', async () => {
    const res = await call('/session/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'phone=x',
    });
    expect(res.status).toBe(415);
  });
});
