import { beforeAll, describe, expect, it } from 'vitest';
import { demoLogin } from './helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { png } from './image-bytes';
import { dbOf } from './salon-db';

/**
 * Every caller against every staff call (issue 28). A salon's call answers 404 to anyone who does
 * not work there (as if it did not exist, wherever it is placed: salon 2 is in another database
 * than salons 1 and 3, issue 55), 403 to a role that may not make it, 401 to a client's
 * token or none. Allowed calls are made so that they change nothing: a bad body (400), a change to
 * the value already there, or a refusal that comes after the role check (409, a key, voucher,
 * request or client that is not there).
 */
type Who = 'groupOwner' | 'owner3' | 'manager3' | 'stylist1' | 'client' | 'none';
type Outcome = 'ok' | 401 | 403 | 404;

const tokens = {} as Record<Who, string | null>;
beforeAll(async () => {
  for (const who of ['groupOwner', 'owner3', 'manager3', 'stylist1'] as const) tokens[who] = (await staffLogin(STAFF[who])).access_token;
  tokens.client = (await demoLogin()).token;
  tokens.none = null;
});

/** The staff member each salon's call may name without side effects: its owner (a group owner for salon 1). */
const OWNER_OF: Record<number, number> = { 1: 1, 2: 1, 3: 4 };
const JAMIE = '5f0c6c2e-8d4a-4a1e-9a57-2b1f1a0c0123';
const version = async (salon: number) =>
  (await (await dbOf(salon)).prepare('SELECT settings_version AS v FROM salons WHERE id = ?').bind(salon).first<{ v: number }>())!.v;

interface StaffCall {
  name: string;
  request: (salon: number) => Promise<[string, RequestInit]>;
  /** which roles may make it */
  roles: ('owner' | 'manager' | 'stylist')[];
}

const CALLS: StaffCall[] = [
  { name: 'GET settings', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/settings`, {}] },
  {
    name: 'PATCH settings',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/settings`,
      { method: 'PATCH', headers: { 'If-Match': String(await version(s)) }, body: JSON.stringify({ fb_pixel_id: '' }) },
    ],
  },
  { name: 'GET history', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/history`, {}] },
  { name: 'GET staff', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/staff`, {}] },
  {
    name: 'POST staff',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/staff`,
      { method: 'POST', body: JSON.stringify({ email: 'not an email', name: 'X', role: 'manager' }) },
    ],
  },
  { name: 'GET stylist-columns', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/stylist-columns`, {}] },
  {
    // the salon's owner has no stylist role: linking them is the call's own 404 once admitted
    name: 'PUT staff column',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/staff/${OWNER_OF[s]}/column`,
      { method: 'PUT', body: JSON.stringify({ stylist_id: null }) },
    ],
  },
  { name: 'DELETE staff', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/staff/${OWNER_OF[s]}`, { method: 'DELETE' }] },
  { name: 'GET photos', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/photos`, {}] },
  {
    // both salons have a logo: a change that starts from none is stale (412)
    name: 'PUT logo',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/photos/logo`,
      { method: 'PUT', headers: { 'Content-Type': 'image/png', 'If-Match': 'none' }, body: png(8, 8) },
    ],
  },
  {
    name: 'DELETE cover',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/photos/cover`, { method: 'DELETE', headers: { 'If-Match': 'none' } }],
  },
  {
    name: 'PUT stylist photo',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/photos/stylists/999999`,
      { method: 'PUT', headers: { 'Content-Type': 'image/png', 'If-Match': 'none' }, body: png(8, 8) },
    ],
  },
  {
    name: 'DELETE stylist photo',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/photos/stylists/999999`, { method: 'DELETE', headers: { 'If-Match': 'none' } }],
  },
  { name: 'GET keys', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/keys`, {}] },
  {
    name: 'POST keys',
    roles: ['owner'],
    request: async (s) => [`/api/console/salons/${s}/keys`, { method: 'POST', body: JSON.stringify({ name: '' }) }],
  },
  { name: 'DELETE keys', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/keys/999999`, { method: 'DELETE' }] },
  // issue 29: the diary and the desk (an appointment that is not there: its own 404 after the role check)
  {
    name: 'GET diary day',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/diary/2026-12-01`, {}],
  },
  {
    name: 'GET diary week',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/diary/week/2026-12-01`, {}],
  },
  {
    name: 'GET appointment',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/appointments/999999`, {}],
  },
  { name: 'GET desk clients', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/desk/clients?q=zz`, {}] },
  { name: 'GET realtime', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/realtime`, {}] },
  {
    name: 'POST realtime auth',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [
      `/api/console/salons/${s}/realtime/auth`,
      { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'socket_id=bad&channel_name=x' },
    ],
  },
  {
    name: 'POST appointments',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/appointments`, { method: 'POST', body: JSON.stringify({}) }],
  },
  ...(['confirm', 'no-show'] as const).map((action): StaffCall => ({
    name: `POST appointment ${action}`,
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/appointments/999999/${action}`, { method: 'POST' }],
  })),
  {
    name: 'POST appointment cancel',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/appointments/999999/cancel`,
      { method: 'POST', body: JSON.stringify({ by: 'salon' }) },
    ],
  },
  {
    name: 'POST appointment move',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/appointments/999999/move`,
      { method: 'POST', body: JSON.stringify({ start_time: '2026-12-01T10:00:00Z' }) },
    ],
  },
  {
    name: 'POST series cancel',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/series/999999/cancel`, { method: 'POST', body: JSON.stringify({ by: 'salon' }) }],
  },
  {
    name: 'POST appointment arrived',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/appointments/999999/arrived`, { method: 'POST' }],
  },
  // part 2 (issue 29): the desk
  { name: 'GET vouchers', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/vouchers`, {}] },
  { name: 'GET a voucher', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/vouchers/ABCDEFGH23`, {}] },
  {
    name: 'POST a redemption',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/vouchers/ABCDEFGH23/redemptions`, { method: 'POST', body: '{"amount":-1}' }],
  },
  { name: 'GET clients', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/clients?q=jamie`, {}] },
  { name: 'GET a client', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/clients/${JAMIE}`, {}] },
  {
    name: 'POST a client note',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/clients/${JAMIE}/notes`, { method: 'POST', body: '{"body":""}' }],
  },
  // the Inbox (docs/console/inbox.md): a stylist sees their own clients' threads; a thread not there is the call's own 404
  { name: 'GET inbox', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/inbox`, {}] },
  {
    name: 'GET an inbox thread',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/inbox/${'0'.repeat(24)}`, {}],
  },
  {
    name: 'POST an inbox answer',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/inbox/${'0'.repeat(24)}/messages`, { method: 'POST', body: '{"body":""}' }],
  },
  { name: 'GET requests', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/requests`, {}] },
  {
    name: 'POST a request',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/requests`, { method: 'POST', body: '{"request":"deposit"}' }],
  },
  {
    name: 'POST remind a request',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/requests/999999/remind`, { method: 'POST' }],
  },
  {
    name: 'DELETE a request',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/requests/999999`, { method: 'DELETE' }],
  },
  {
    name: 'POST a rebooking link',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/rebooking-links`, { method: 'POST', body: '{}' }],
  },
  // Addresses (issue 31; DELETE domain is walked in domains.test.ts, the group owner's picker in group-picker.test.ts)
  { name: 'GET domain', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/domain`, {}] },
  {
    name: 'PUT domain',
    roles: ['owner'],
    request: async (s) => [`/api/console/salons/${s}/domain`, { method: 'PUT', body: JSON.stringify({ hostname: 'salon.com' }) }],
  },
  { name: 'POST domain/check', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/domain/check`, { method: 'POST' }] },
  { name: 'GET short-name', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/short-name`, {}] },
  { name: 'GET short-name/check', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/short-name/check?name=x`, {}] },
  {
    name: 'PUT short-name',
    roles: ['owner'],
    request: async (s) => [`/api/console/salons/${s}/short-name`, { method: 'PUT', body: JSON.stringify({ short_name: 'admin' }) }],
  },
  // Services (issue 48): categories and services; a stylist reads (their own services), owners and managers change
  { name: 'GET categories', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/categories`, {}] },
  {
    name: 'POST categories',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/categories`, { method: 'POST', body: JSON.stringify({ name: '' }) }],
  },
  {
    name: 'PATCH a category',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/categories/999999`,
      { method: 'PATCH', headers: { 'If-Match': '1' }, body: JSON.stringify({ name: 'X' }) },
    ],
  },
  {
    name: 'DELETE a category',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/categories/999999`, { method: 'DELETE', headers: { 'If-Match': '1' } }],
  },
  { name: 'GET services', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/services`, {}] },
  {
    name: 'POST services',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/services`, { method: 'POST', body: JSON.stringify({ name: '' }) }],
  },
  { name: 'GET a service', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/services/999999`, {}] },
  { name: 'GET imports', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/imports`, {}] },
  {
    // a file with no header row: refused after the role check (400), nothing written
    name: 'POST imports (preview)',
    roles: ['owner'],
    request: async (s) => [
      `/api/console/salons/${s}/imports?dry_run=1`,
      { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: '\n' },
    ],
  },
  {
    name: 'POST imports',
    roles: ['owner'],
    request: async (s) => [`/api/console/salons/${s}/imports`, { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: '\n' }],
  },
  { name: 'DELETE an import', roles: ['owner'], request: async (s) => [`/api/console/salons/${s}/imports/999999`, { method: 'DELETE' }] },
  {
    name: 'PATCH a service',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/services/999999`,
      { method: 'PATCH', headers: { 'If-Match': '1' }, body: JSON.stringify({ name: 'X' }) },
    ],
  },
  {
    name: 'DELETE a service',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/services/999999`, { method: 'DELETE', headers: { 'If-Match': '1' } }],
  },
  // Stylists (issue 48): a stylist reads their own column, owners and managers change
  { name: 'GET stylists', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/stylists`, {}] },
  {
    name: 'POST stylists',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/stylists`, { method: 'POST', body: JSON.stringify({ name: '' }) }],
  },
  { name: 'GET a stylist', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/stylists/999999`, {}] },
  {
    name: 'PATCH a stylist',
    roles: ['owner', 'manager'],
    request: async (s) => [
      `/api/console/salons/${s}/stylists/999999`,
      { method: 'PATCH', headers: { 'If-Match': '1' }, body: JSON.stringify({ title: 'X' }) },
    ],
  },
  // Time off and blocked time (issue 48): every role, a stylist in their own column; approving and declining owners and managers
  { name: 'GET time-off', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/time-off`, {}] },
  {
    name: 'POST time-off',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/time-off`, { method: 'POST', body: JSON.stringify({ reason: 'nap' }) }],
  },
  {
    name: 'approve time off',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/time-off/999999/approve`, { method: 'POST', headers: { 'If-Match': '1' } }],
  },
  {
    name: 'decline time off',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/time-off/999999/decline`, { method: 'POST', headers: { 'If-Match': '1' } }],
  },
  {
    name: 'DELETE time off',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/time-off/999999`, { method: 'DELETE', headers: { 'If-Match': '1' } }],
  },
  { name: 'GET blocks', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/blocks`, {}] },
  {
    name: 'POST blocks',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/blocks`, { method: 'POST', body: JSON.stringify({ reason: '' }) }],
  },
  {
    name: 'PATCH a block',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [
      `/api/console/salons/${s}/blocks/999999`,
      { method: 'PATCH', headers: { 'If-Match': '1' }, body: JSON.stringify({ reason: 'X' }) },
    ],
  },
  {
    name: 'DELETE a block',
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/blocks/999999`, { method: 'DELETE', headers: { 'If-Match': '1' } }],
  },
  // issue 49: Today's checklist (dismissing it where there is none changes nothing) and making a group (an empty list: 400)
  { name: 'GET today', roles: ['owner', 'manager', 'stylist'], request: async (s) => [`/api/console/salons/${s}/today`, {}] },
  // reports: a stylist gets their own column's figures (tests/worker/console-reports.test.ts)
  ...(['takings', 'utilisation', 'clients'] as const).map((report): StaffCall => ({
    name: `GET reports/${report}`,
    roles: ['owner', 'manager', 'stylist'],
    request: async (s) => [`/api/console/salons/${s}/reports/${report}?from=2026-11-01&to=2026-11-30`, {}],
  })),
  {
    name: 'POST setup-checklist dismiss',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/setup-checklist/dismiss`, { method: 'POST' }],
  },
  {
    name: 'POST group',
    roles: ['owner'],
    request: async (s) => [`/api/console/salons/${s}/group`, { method: 'POST', body: JSON.stringify({ name: 'X', salon_ids: [] }) }],
  }, // checkout at the desk (docs/console/checkout.md): an appointment or sale that is not there, or a bad body
  {
    name: 'GET checkout',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/appointments/999999/checkout`, {}],
  },
  {
    name: 'POST checkout',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/appointments/999999/checkout`, { method: 'POST', body: JSON.stringify({}) }],
  },
  { name: 'GET a sale', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/sales/999999`, {}] },
  {
    name: 'POST a refund',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/sales/999999/refunds`, { method: 'POST', body: JSON.stringify({ tip: -1 }) }],
  },
  {
    name: 'POST a sale cancel',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/sales/999999/cancel`, { method: 'POST' }],
  },
  {
    name: 'POST a payment retry',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/sales/999999/payments/999999/retry`, { method: 'POST', body: JSON.stringify({}) }],
  },
  {
    name: 'POST a receipt',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/sales/999999/receipt`, { method: 'POST', body: JSON.stringify({}) }],
  },
  { name: 'GET readers', roles: ['owner', 'manager'], request: async (s) => [`/api/console/salons/${s}/readers`, {}] },
  {
    name: 'POST a reader',
    roles: ['owner', 'manager'],
    request: async (s) => [`/api/console/salons/${s}/readers`, { method: 'POST', body: JSON.stringify({ label: '' }) }],
  },
];

/** Each caller's role at salons 1, 2 and 3 (null: does not work there). */
const ROLE_AT: Record<Who, Record<1 | 2 | 3, 'owner' | 'manager' | 'stylist' | null> | 'unauthenticated'> = {
  groupOwner: { 1: 'owner', 2: 'owner', 3: null },
  owner3: { 1: null, 2: null, 3: 'owner' },
  manager3: { 1: null, 2: null, 3: 'manager' },
  stylist1: { 1: 'stylist', 2: null, 3: null },
  client: 'unauthenticated',
  none: 'unauthenticated',
};

const WHO: Who[] = ['groupOwner', 'owner3', 'manager3', 'stylist1', 'client', 'none'];
// salon 2 (in DB_2) for those who do not work there: its own owner's calls would change it
const table = WHO.flatMap((who) =>
  ([1, 2, 3] as const).flatMap((salon) =>
    CALLS.flatMap((call): [string, Who, 1 | 2 | 3, StaffCall, Outcome][] => {
      const roles = ROLE_AT[who];
      if (salon === 2 && roles !== 'unauthenticated' && roles[2] !== null) return [];
      const expected: Outcome =
        roles === 'unauthenticated' ? 401 : roles[salon] === null ? 404 : call.roles.includes(roles[salon]!) ? 'ok' : 403;
      return [[`${who} → ${call.name} of salon ${salon}: ${expected}`, who, salon, call, expected]];
    }),
  ),
);

async function outcomeOf(res: Response): Promise<Outcome | number> {
  const body = (await res.json().catch(() => ({}))) as { detail?: string };
  if (res.status === 404 && body.detail === 'Salon not found') return 404;
  if (res.status === 401 || res.status === 403) return res.status;
  // Anything the call itself answered after the role check (200, 204, 400, 409, its own 404) is an admitted call.
  return res.status < 500 ? 'ok' : res.status;
}

describe('console staff calls: every caller against every call', () => {
  // each row only reads who is admitted (the bodies are refused after the role check, or name no
  // row), so the rows run a few at a time: the table has over 1,300
  it.concurrent.each(table)('%s', async (_name, who, salon, call, expected) => {
    const [path, init] = await call.request(salon);
    expect(await outcomeOf(await consoleCall(path, tokens[who], init))).toBe(expected);
  });

  it.each(WHO.map((who) => [who] as const))('GET /api/console/me for %s', async (who) => {
    const res = await consoleCall('/api/console/me', tokens[who]);
    expect(res.status).toBe(ROLE_AT[who] === 'unauthenticated' ? 401 : 200);
  });

  it('an unknown or malformed salon id is a 404 like another salon’s', async () => {
    for (const path of ['/api/console/salons/999/settings', '/api/console/salons/abc/settings', '/api/console/salons/0/staff']) {
      const res = await consoleCall(path, tokens.groupOwner);
      expect(res.status, path).toBe(404);
    }
  });

  it('a manager invites stylists only; an owner anyone', async () => {
    const invite = (token: string | null, role: string) =>
      consoleCall('/api/console/salons/3/staff', token, {
        method: 'POST',
        body: JSON.stringify({ email: `${role}.${Date.now()}@example.test`, name: `New ${role}`, role }),
      });
    for (const role of ['manager', 'owner']) {
      const refused = await invite(tokens.manager3, role);
      expect(refused.status, role).toBe(403);
      expect(await refused.json()).toMatchObject({ field: 'role', detail: expect.stringMatching(/invite stylists only/) });
    }
    const stylist = await invite(tokens.manager3, 'stylist');
    expect(stylist.status).toBe(201);
    const { id } = (await stylist.json()) as { id: number };
    // removing stays the owner's
    expect((await consoleCall(`/api/console/salons/3/staff/${id}`, tokens.manager3, { method: 'DELETE' })).status).toBe(403);
    expect((await consoleCall(`/api/console/salons/3/staff/${id}`, tokens.owner3, { method: 'DELETE' })).status).toBe(204);
    const manager = await invite(tokens.owner3, 'manager');
    expect(manager.status).toBe(201);
    const { id: managerId } = (await manager.json()) as { id: number };
    expect((await consoleCall(`/api/console/salons/3/staff/${managerId}`, tokens.owner3, { method: 'DELETE' })).status).toBe(204);
  });

  it('answers staff data as private, never cached', async () => {
    const res = await consoleCall('/api/console/salons/1/settings', tokens.groupOwner);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
  });
});
