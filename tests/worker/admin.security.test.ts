import { env } from 'cloudflare:test';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { depositFor } from '../../shared/booking-request';
import { settingsPatchSchema } from '../../shared/console/settings';
import type { SalonDetails } from '../../shared/types';
import { api } from '../../worker/api';
import { adminRoute, operatorRoute, policyOf } from '../../worker/api/policy';
import { withConfig, type AppEnv } from '../../worker/env';
import { onError } from '../../worker/error-answer';
import { call, patchSalon } from './helpers';

const patch = (id: number | string, headers: Record<string, string>, body: string) =>
  call(`/admin/salons/${id}`, { method: 'PATCH', headers, body });
const json = { 'Content-Type': 'application/json' };

describe('salon admin API: only the salon itself changes its settings', () => {
  it.each([
    ['no key', 1, {}],
    ['a malformed header', 1, { Authorization: 'demo-admin-1' }],
    ['a wrong key', 1, { Authorization: 'Bearer nope' }],
    ["another salon's key", 1, { Authorization: 'Bearer demo-admin-2' }],
    ['a key for a salon that does not exist', 999, { Authorization: 'Bearer demo-admin-999' }],
    ['an overlong key', 1, { Authorization: `Bearer ${'x'.repeat(5000)}` }],
  ])('refuses %s with 401 and changes nothing', async (_what, id, headers) => {
    const res = await patch(id, { ...json, ...headers }, JSON.stringify({ theme_mode: 'dark' }));
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect(((await res.json()) as { detail: string }).detail).toMatch(/admin key/);
    const salon = (await (await call('/api/book-online/salon/1/')).json()) as SalonDetails;
    expect(salon.theme_mode).toBe('slick');
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ theme_mode: 'purple' }, 'theme_mode', 'Choose a theme: neutral, dark or slick'],
    [{ online_booking: 'yes' }, 'online_booking', 'Choose whether clients can book online'],
    [{ colour: 'red' }, 'colour', 'Unknown setting: colour'],
    [{ admin_key_hash: 'x' }, 'admin_key_hash', 'Unknown setting: admin_key_hash'],
    [{ timezone: 'Mars/Olympus' }, 'timezone', 'timezone must be an IANA timezone such as Europe/London'],
    [{ currency: 'gbp' }, 'currency', 'currency must be a 3-letter ISO currency code'],
    [{ check_ncob_availability_until: 0 }, 'check_ncob_availability_until', 'check_ncob_availability_until must be at least 1 day'],
    [
      { salon_website_link: 'javascript:alert(1)' },
      'salon_website_link',
      'salon_website_link must be an https URL such as https://example.com, or empty',
    ],
    [
      { salon_website_link: 'https://x/"><script>alert(1)</script>' },
      'salon_website_link',
      'salon_website_link must be an https URL such as https://example.com, or empty',
    ],
    [
      { salon_website_link: 'https://salon.example.com/a"b' },
      'salon_website_link',
      'salon_website_link must be an https URL such as https://example.com, or empty',
    ],
    [
      { salon_website_link: 'https://user:pw@salon.example.com/' },
      'salon_website_link',
      'salon_website_link must be an https URL such as https://example.com, or empty',
    ],
    [
      { stripe_voucher_link: 'http://pay.example.com/v' },
      'stripe_voucher_link',
      'stripe_voucher_link must be an https URL such as https://example.com, or empty',
    ],
    [{ image: 'https://images.example.com/a b.png' }, 'image', 'image must be an https URL such as https://example.com, or empty'],
    [{ custom_domain: 'not a domain' }, 'custom_domain', 'Enter a domain name such as book.your-salon.co.uk'],
    [{ name: '' }, 'name', 'Enter the salon’s name'],
    ...[
      '{oops',
      // issue 34's reproduction: a fixed deposit's key is amount, and bookings took £0.00
      '{"type":"fixed","value":10}',
      { type: 'fixed', value: 10 },
      '10',
      10,
      { type: 'percentage', percent: 20 },
      { type: 'percentage', value: 20, extra: 1 },
      [],
    ].map((deposit): [Record<string, unknown>, string, string] => [
      { ncob_deposit_settings: deposit },
      'ncob_deposit_settings',
      `ncob_deposit_settings must be null, {"type":"percentage","value":20} or {"type":"fixed","amount":15.5} (in the salon's currency)`,
    ]),
    [
      { ncob_deposit_settings: '{"type":"percentage","value":200}' },
      'ncob_deposit_settings',
      'A deposit percentage must be between 1 and 100',
    ],
    [
      { ncob_deposit_settings: { type: 'percentage', value: 0 } },
      'ncob_deposit_settings',
      'A deposit percentage must be between 1 and 100',
    ],
    [{ ncob_deposit_settings: { type: 'percentage', value: 12.5 } }, 'ncob_deposit_settings', 'Enter the deposit as a whole percentage'],
    [{ ncob_deposit_settings: { type: 'fixed', amount: 0 } }, 'ncob_deposit_settings', 'A fixed deposit must be more than 0'],
    [{ ncob_deposit_settings: { type: 'fixed', amount: 10001 } }, 'ncob_deposit_settings', 'A fixed deposit can be at most 10,000.00'],
    [
      { ncob_deposit_settings: { type: 'fixed', amount: 9.999 } },
      'ncob_deposit_settings',
      'ncob_deposit_settings must have an amount with at most 2 decimals',
    ],
  ])('refuses %j with 400 naming the field', async (body, field, detail) => {
    const res = await patchSalon(1, body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field, detail });
  });

  it('refuses an empty change, malformed JSON and non-JSON bodies with a clear 4xx', async () => {
    const empty = await patchSalon(1, {});
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { detail: string }).detail).toBe('Nothing to change: send at least one setting');
    const auth = { Authorization: 'Bearer demo-admin-1' };
    const bad = await patch(1, { ...auth, ...json }, '{"theme_mode":');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/JSON/);
    const form = await patch(1, { ...auth, 'Content-Type': 'text/plain' }, 'theme_mode=dark');
    expect(form.status).toBe(415);
    expect(((await form.json()) as { detail: string }).detail).toMatch(/JSON/);
  });

  it("refuses to take another salon's custom domain or short URL", async () => {
    const res = await patchSalon(2, { custom_domain: 'book.demo-salon.test' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ field: 'custom_domain' });
    const slug = await patchSalon(2, { short_slug: 'demo' });
    expect(slug.status).toBe(409);
  });

  it('applies a valid change and answers the new settings', async () => {
    const res = await patchSalon(3, { theme_mode: 'dark', online_booking: true, check_ncob_availability_until: 30 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: 3, theme_mode: 'dark', online_booking: true, check_ncob_availability_until: 30 });
  });

  it('takes a deposit as an object or its JSON text, stores one spelling, and the booking pages charge it', async () => {
    // salon 2: a deposit needs a salon that can take payments (docs/payments.md)
    const fixed = await patchSalon(2, { ncob_deposit_settings: { type: 'fixed', amount: 10 } });
    expect(fixed.status).toBe(200);
    expect(await fixed.json()).toMatchObject({
      ncob_deposit_settings: '{"type":"fixed","amount":10}',
      deposit: { type: 'fixed', amount: 10 },
    });
    const salon = (await (await call('/api/book-online/salon/2/')).json()) as SalonDetails;
    expect(depositFor(salon.ncob_deposit_settings, 5000)).toBe(1000);

    const percent = await patchSalon(2, { ncob_deposit_settings: '{"type":"percentage","value":25}' });
    expect(await percent.json()).toMatchObject({ deposit: { type: 'percentage', value: 25 } });
    const none = await patchSalon(2, { ncob_deposit_settings: 'null' });
    expect(await none.json()).toMatchObject({ ncob_deposit_settings: 'null', deposit: null });
    expect((await patchSalon(2, { ncob_deposit_settings: null })).status).toBe(200);
  });

  it('takes and answers the deposit in one shape, `deposit`, as the README writes it (issue 56); salon 2 can take payments', async () => {
    const percent = await patchSalon(2, { deposit: { type: 'percentage', value: 20 } });
    expect(percent.status).toBe(200);
    expect(await percent.json()).toMatchObject({ deposit: { type: 'percentage', value: 20 } });
    const fixed = await patchSalon(2, { deposit: { type: 'fixed', amount: 15.5 } });
    expect(await fixed.json()).toMatchObject({ deposit: { type: 'fixed', amount: 15.5 } });
    const read = await call('/admin/salons/2', { headers: { Authorization: 'Bearer demo-admin-2' } });
    expect(await read.json()).toMatchObject({ deposit: { type: 'fixed', amount: 15.5 } });
    const salon = (await (await call('/api/book-online/salon/2/')).json()) as SalonDetails;
    expect(depositFor(salon.ncob_deposit_settings, 5000)).toBe(1550);
    const wrong = await patchSalon(2, { deposit: { type: 'percentage', percent: 20 } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ field: 'deposit', detail: expect.stringContaining('deposit must be null') });
    const twice = await patchSalon(2, { deposit: null, ncob_deposit_settings: null });
    expect(await twice.json()).toMatchObject({ field: 'deposit', detail: 'Send the deposit once, as deposit' });
    expect(await (await patchSalon(2, { deposit: null })).json()).toMatchObject({ deposit: null, ncob_deposit_settings: 'null' });
  });

  it('reads the settings back with the key (GET /admin/salons/{id}), and refuses another salon', async () => {
    const res = await call('/admin/salons/1', { headers: { Authorization: 'Bearer demo-admin-1' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: 1, theme_mode: 'slick', deposit: { type: 'percentage', value: 20 } });
    expect(body).toHaveProperty('custom_domain');
    expect(body).toHaveProperty('short_slug');
    const other = await call('/admin/salons/1', { headers: { Authorization: 'Bearer demo-admin-2' } });
    expect(other.status).toBe(401);
    expect((await call('/admin/salons/1')).status).toBe(401);
  });

  it('answers other methods on the admin path with a 404, not a 500', async () => {
    const res = await call('/admin/salons/1', { method: 'DELETE', headers: { Authorization: 'Bearer demo-admin-1' } });
    expect(res.status).toBe(404);
  });
});

describe('the admin and operator policies check the key themselves (api/policy.ts)', () => {
  it('refuses a route that declares only adminRoute or operatorRoute, without the key, before its handler runs', async () => {
    let ran = 0;
    const app = new Hono<AppEnv>()
      .use(withConfig)
      .get('/admin/salons/:salonId/probe', adminRoute, (c) => c.text(String(++ran)))
      .get('/admin/operator/probe', operatorRoute, (c) => c.text(String(++ran)))
      .onError(onError);
    const none = await app.request('/admin/salons/1/probe', {}, env);
    expect(none.status).toBe(401);
    expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="salon-admin"');
    expect(((await none.json()) as { detail: string }).detail).toMatch(/admin key/);
    expect((await app.request('/admin/salons/1/probe', { headers: { Authorization: 'Bearer demo-admin-2' } }, env)).status).toBe(401);
    expect((await app.request('/admin/operator/probe', {}, env)).status).toBe(401);
    expect(ran).toBe(0);
  });

  it('every admin route of the API refuses a call without its key with 401, whatever its params or body', async () => {
    const admin = api.routes.filter((r) => r.method !== 'ALL' && policyOf(r.handler)?.caller === 'admin');
    expect(admin.length).toBeGreaterThan(8);
    for (const r of admin) {
      const path = r.path.replace(/:slot\{[^}]*\}/, 'logo').replace(/:[A-Za-z]+/g, '1');
      const res = await call(path, {
        method: r.method,
        headers: { 'Content-Type': 'application/json' },
        body: r.method === 'GET' ? undefined : '{}',
      });
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      expect(res.headers.get('WWW-Authenticate'), `${r.method} ${r.path}`).toBe('Bearer realm="salon-admin"');
    }
  });
});

describe('PATCH /admin/salons/{id} takes If-Match, as the console does (docs/admin-api.md)', () => {
  const auth = { Authorization: 'Bearer demo-admin-3', ...json };
  const read = () => call('/admin/salons/3', { headers: auth });

  it('answers the version as an ETag; a change from it is saved, one from an old version is 412 with the current settings', async () => {
    const etag = (await read()).headers.get('ETag')!;
    expect(etag).toMatch(/^"\d+"$/);
    const saved = await patch(3, { ...auth, 'If-Match': etag }, JSON.stringify({ online_booking_off_message: 'Back soon' }));
    expect(saved.status).toBe(200);
    expect(saved.headers.get('Warning')).toBeNull();
    const next = saved.headers.get('ETag')!;
    expect(next).not.toBe(etag);
    const stale = await patch(3, { ...auth, 'If-Match': etag }, JSON.stringify({ online_booking_off_message: 'Lost' }));
    expect(stale.status).toBe(412);
    expect(stale.headers.get('ETag')).toBe(next);
    expect(await stale.json()).toMatchObject({ code: 'PRECONDITION_FAILED', current: { online_booking_off_message: 'Back soon' } });
    expect((await patch(3, { ...auth, 'If-Match': 'soon' }, '{"skip_today":false}')).status).toBe(400);
  });

  it('of two changes from the same version, the database takes one and refuses the other', async () => {
    const etag = (await read()).headers.get('ETag')!;
    const answers = await Promise.all(
      ['First', 'Second'].map((m) => patch(3, { ...auth, 'If-Match': etag }, JSON.stringify({ online_booking_off_message: m }))),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 412]);
    const won = (await answers.find((r) => r.status === 200)!.json()) as { online_booking_off_message: string };
    expect(((await (await read()).json()) as { online_booking_off_message: string }).online_booking_off_message).toBe(
      won.online_booking_off_message,
    );
  });

  it('keeps working without If-Match for existing integrators, saying so in a Warning', async () => {
    const res = await patch(3, auth, JSON.stringify({ online_booking_off_message: 'No If-Match' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('Warning')).toMatch(/^299 - ".*If-Match.*"$/);
  });

  it('refuses a setting the console edits too with the console’s own message (one schema per setting)', async () => {
    for (const body of [{ theme_mode: 'purple' }, { online_booking: 'yes' }, { max_anonymous_holds: -1 }, { postcode: 'x'.repeat(21) }]) {
      const console = settingsPatchSchema.safeParse(body);
      expect(console.success).toBe(false);
      const res = await patch(3, auth, JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(console.error!.issues[0]!.message);
    }
  });
});
