import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffMember } from '../../shared/console/team';
import { moveSalon } from '../../worker/db/move-salon';
import { forgetPlacements } from '../../worker/db/placement';
import { removeRole } from '../../worker/db/staff';
import { LEAVING_MS } from '../../worker/db/staff-salons';
import { dbOf } from './salon-db';
import { APART, consoleCall, invite, joinWith, lastEmailTo, postJson, STAFF, staffLogin } from './console-helpers';

/**
 * A team across databases (issue 55; docs/console/README.md "The team across salons", docs/scale.md "The staff index"):
 * removing someone at one salon never touches the sign-in a salon elsewhere still gives them,
 * an invitation of someone who works elsewhere answers as for a new person, and a salon always
 * keeps an owner. Salon 2 is in DB_2 (the file moves it itself, so also with one database).
 */
const tokens = {} as Record<'groupOwner' | 'owner3', string>;
beforeAll(async () => {
  const placed = await env.DB.prepare('SELECT binding FROM salon_placements WHERE salon_id = 2').first<{ binding: string }>();
  if (placed?.binding !== 'DB_2') await moveSalon({ env, salonId: 2, to: 'DB_2', leaseMs: 0 });
  forgetPlacements();
  tokens.groupOwner = (await staffLogin(STAFF.groupOwner, APART)).access_token;
  tokens.owner3 = (await staffLogin(STAFF.owner3, APART)).access_token;
});

let n = 0;
const freshEmail = (what: string) => `${what}.${Date.now()}.${++n}@example.test`;
const teamOf = async (salon: number, token: string) =>
  (await (await consoleCall(`/api/console/salons/${salon}/staff`, token)).json()) as StaffMember[];
const remove = (salon: number, staffId: number, token: string) =>
  consoleCall(`/api/console/salons/${salon}/staff/${staffId}`, token, { method: 'DELETE' });

describe('removing someone from one salon', () => {
  it("keeps their sign-in while a salon in another database still has them (salon 3's owner cannot delete salon 2's manager)", async () => {
    const email = freshEmail('shoreditch.manager');
    expect((await invite(2, tokens.groupOwner, { email, name: 'Sam Shore', role: 'manager' })).status).toBe(201);
    await joinWith(email, 'Shore-pass1');

    const here = await invite(3, tokens.owner3, { email, name: 'Anyone', role: 'stylist' });
    expect(here.status).toBe(201);
    const { id } = (await here.json()) as StaffMember;
    expect((await remove(3, id, tokens.owner3)).status).toBe(204);

    const again = await postJson('/console/session/login', { email, password: 'Shore-pass1' }, APART);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { me: { salons: unknown[] } }).me.salons).toEqual([
      { id: 2, name: 'Willow & Co Shoreditch', role: 'manager', group_id: null },
    ]);
    expect((await postJson('/console/session/forgot-password', { email }, APART)).status).toBe(200);
    expect((await teamOf(2, tokens.groupOwner)).find((m) => m.email === email)).toMatchObject({ role: 'manager', status: 'active' });
  });

  it('deletes the sign-in once no salon in any database has them', async () => {
    const email = freshEmail('two.salons');
    const at2 = (await (await invite(2, tokens.groupOwner, { email, name: 'Tam', role: 'stylist' })).json()) as StaffMember;
    await joinWith(email, 'Twice-pass1');
    const at3 = (await (await invite(3, tokens.owner3, { email, name: 'Tam', role: 'stylist' })).json()) as StaffMember;
    expect((await remove(2, at2.id, tokens.groupOwner)).status).toBe(204);
    expect((await postJson('/console/session/login', { email, password: 'Twice-pass1' }, APART)).status).toBe(200);
    expect((await remove(3, at3.id, tokens.owner3)).status).toBe(204);
    expect((await postJson('/console/session/login', { email, password: 'Twice-pass1' }, APART)).status).toBe(401);
    // invited again where they were first: a new person, with a new temporary password
    expect((await invite(2, tokens.groupOwner, { email, name: 'Tam', role: 'stylist' })).status).toBe(201);
    expect((await joinWith(email, 'Again-pass1')).me.salons).toEqual([
      { id: 2, name: 'Willow & Co Shoreditch', role: 'stylist', group_id: null },
    ]);
  });
});

describe('an invitation at the moment someone’s last salon removes them', () => {
  it('leaves them a sign-in that works whenever the invitation is answered 201 (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const email = freshEmail('leaving');
      const { id } = (await (await invite(3, tokens.owner3, { email, name: 'Lou', role: 'stylist' })).json()) as StaffMember;
      await joinWith(email, 'Leaving-pass1');
      const firstMail = (await lastEmailTo(email)).text;
      const [removed, invited] = await Promise.all([
        remove(3, id, tokens.owner3),
        invite(2, tokens.groupOwner, { email, name: 'Lou', role: 'stylist' }),
      ]);
      expect(removed.status).toBe(204);
      let answer = invited.status;
      // refused while their sign-in was being deleted: asked again, as the message says
      for (let tries = 0; answer === 409 && tries < 20; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        answer = (await invite(2, tokens.groupOwner, { email, name: 'Lou', role: 'stylist' })).status;
      }
      expect(answer, `round ${round}`).toBe(201);
      // their own password still, or (their sign-in deleted before the invitation) a new temporary one
      const made = (await lastEmailTo(email)).text !== firstMail;
      const signedIn = made
        ? (await joinWith(email, 'Fresh-pass1')).me
        : ((await (await postJson('/console/session/login', { email, password: 'Leaving-pass1' }, APART)).json()) as { me?: unknown }).me;
      expect(signedIn, `round ${round}`).toMatchObject({ salons: [{ id: 2, role: 'stylist' }] });
      const at2 = (await teamOf(2, tokens.groupOwner)).find((m) => m.email === email)!;
      expect((await remove(2, at2.id, tokens.groupOwner)).status).toBe(204);
    }
  }, 120_000);
});

describe('a removal that never finished deleting a sign-in (the Worker stopped mid-way)', () => {
  it('refuses invitations of the email while its mark is fresh, and not once it is 5 minutes old', async () => {
    const email = freshEmail('stopped');
    const mark = (at: number) =>
      env.DB.prepare("INSERT INTO staff_salons (email, kind, place_id, sub) VALUES (?, 'leaving', ?, 'gone-sub')").bind(email, at).run();
    await mark(Date.now());
    const refused = await invite(3, tokens.owner3, { email, name: 'Sol', role: 'stylist' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ field: 'email', detail: `${email} cannot be invited just now. Try again in a minute.` });
    await env.DB.prepare('DELETE FROM staff_salons WHERE email = ?').bind(email).run();
    await mark(Date.now() - LEAVING_MS - 1000);
    const invited = await invite(3, tokens.owner3, { email, name: 'Sol', role: 'stylist' });
    expect(invited.status).toBe(201);
    await joinWith(email, 'Sol-pass1');
    expect((await remove(3, ((await invited.json()) as StaffMember).id, tokens.owner3)).status).toBe(204);
  });
});

describe('an invitation of someone who works at another salon', () => {
  it('answers as for a new person: the name given here, invited, nothing of theirs; the team shows the same', async () => {
    const email = freshEmail('islington.manager');
    expect((await invite(1, tokens.groupOwner, { email, name: 'Real Name', role: 'manager' })).status).toBe(201);
    await joinWith(email, 'Real-pass1');

    const theirs = await invite(3, tokens.owner3, { email, name: 'Given Name', role: 'stylist' });
    const stranger = freshEmail('stranger');
    const newcomer = await invite(3, tokens.owner3, { email: stranger, name: 'Given Name', role: 'stylist' });
    expect([theirs.status, newcomer.status]).toEqual([201, 201]);
    const [a, b] = [(await theirs.json()) as StaffMember, (await newcomer.json()) as StaffMember];
    expect({ ...a, id: 0, email: '' }).toEqual({ ...b, id: 0, email: '' });
    expect(a).toMatchObject({ email, name: 'Given Name', role: 'stylist', status: 'invited', via_group: false });

    const team = await teamOf(3, tokens.owner3);
    expect(team.find((m) => m.email === email)).toEqual(a);
    expect(JSON.stringify(team)).not.toContain('Real Name');

    // what they see of themselves is their own name, and their sign-in is theirs alone
    for (const id of [a.id, b.id]) expect((await remove(3, id, tokens.owner3)).status).toBe(204);
    const signIn = await postJson('/console/session/login', { email, password: 'Real-pass1' }, APART);
    expect(signIn.status).toBe(200);
    expect(((await signIn.json()) as { me: unknown }).me).toMatchObject({
      name: 'Real Name',
      salons: [{ id: 1, name: 'Willow & Co Islington', role: 'manager', group_id: null }],
    });
  });
});

describe('a salon always keeps an owner', () => {
  it('two owners removing each other at the same moment: one is removed, the other stays (20 rounds)', async () => {
    // B and C own salon 3 alone: its demo owner steps aside; roles at salon 1 keep all three signed in.
    const owner3 = await staffLogin(STAFF.owner3, APART);
    const [b, c] = [freshEmail('owner.b'), freshEmail('owner.c')];
    const owners: Record<string, { id: number; token: string }> = {};
    for (const email of [b, c]) {
      const { id } = (await (await invite(3, owner3.access_token, { email, name: email, role: 'owner' })).json()) as StaffMember;
      owners[email] = { id, token: (await joinWith(email, 'Owner-pass1')).access_token };
    }
    const aside: number[] = [];
    for (const email of [b, c, STAFF.owner3.email])
      aside.push(((await (await invite(1, tokens.groupOwner, { email, name: email, role: 'stylist' })).json()) as StaffMember).id);
    const owner3Id = (await teamOf(3, owner3.access_token)).find((m) => m.email === STAFF.owner3.email)!.id;
    expect((await remove(3, owner3Id, owners[b]!.token)).status).toBe(204);

    for (let round = 0; round < 20; round++) {
      // each presses Remove on the other four times, the presses interleaved
      const presses = await Promise.all(
        [0, 1, 2, 3].flatMap(() => [
          remove(3, owners[c]!.id, owners[b]!.token).then((r) => [b, r.status] as const),
          remove(3, owners[b]!.id, owners[c]!.token).then((r) => [c, r.status] as const),
        ]),
      );
      const said = presses.map(([who, st]) => `${who === b ? 'B' : 'C'}${st}`).join(',');
      const winner = presses.find(([, st]) => st === 204)?.[0] ?? b;
      const loser = winner === b ? c : b;
      const seen = await consoleCall('/api/console/salons/3/staff', owners[winner]!.token);
      const left = seen.status === 200 ? ((await seen.json()) as StaffMember[]).filter((m) => m.role === 'owner') : [];
      expect(
        left.map((m) => m.email),
        `round ${round}: ${said}`,
      ).toEqual([winner]);
      expect(
        presses.filter(([, st]) => st === 204),
        `round ${round}: ${said}`,
      ).toHaveLength(1);
      for (const [, st] of presses) expect([204, 404, 409], `round ${round}: ${said}`).toContain(st);
      // the other owner again, for the next round
      expect((await invite(3, owners[winner]!.token, { email: loser, name: loser, role: 'owner' })).status).toBe(201);
    }

    expect((await invite(3, owners[b]!.token, { email: STAFF.owner3.email, name: 'Jordan Bedford', role: 'owner' })).status).toBe(201);
    for (const email of [b, c]) expect((await remove(3, owners[email]!.id, owner3.access_token)).status).toBe(204);
    for (const id of aside) expect((await remove(1, id, tokens.groupOwner)).status).toBe(204);
    expect((await consoleCall('/api/console/me', owner3.access_token)).status).toBe(200);
    expect((await teamOf(3, owner3.access_token)).filter((m) => m.role === 'owner')).toMatchObject([
      { email: STAFF.owner3.email, status: 'active' },
    ]);
  }, 120_000);

  it("the removal's own write keeps the last owner: two sent to the database at once remove one (10 rounds)", async () => {
    // Through the API (above) two removals seldom reach the database together; here they always do.
    const db = await dbOf(3);
    const owner3 = await staffLogin(STAFF.owner3, APART);
    const ids: number[] = [];
    for (const email of [freshEmail('owner.b'), freshEmail('owner.c')])
      ids.push(((await (await invite(3, owner3.access_token, { email, name: email, role: 'owner' })).json()) as StaffMember).id);
    const [b, c] = ids as [number, number];
    const owner3Id = (await teamOf(3, owner3.access_token)).find((m) => m.email === STAFF.owner3.email)!.id;
    const owner = (id: number) =>
      db.prepare("INSERT INTO staff_roles (staff_id, salon_id, role, created_at, joined_at) VALUES (?, 3, 'owner', 0, 0)").bind(id).run();
    const ownersLeft = async () =>
      (await db.prepare("SELECT staff_id FROM staff_roles WHERE salon_id = 3 AND role = 'owner'").all<{ staff_id: number }>()).results;

    expect(await removeRole(db, owner3Id, 3)).toBe('removed');
    for (let round = 0; round < 10; round++) {
      const answers = await Promise.all([removeRole(db, c, 3), removeRole(db, b, 3)]);
      expect([...answers].sort(), `round ${round}`).toEqual(['last owner', 'removed']);
      const survivor = answers[0] === 'removed' ? b : c;
      expect(await ownersLeft(), `round ${round}`).toEqual([{ staff_id: survivor }]);
      await owner(survivor === b ? c : b);
    }
    await owner(owner3Id);
    for (const id of [b, c]) expect((await remove(3, id, owner3.access_token)).status).toBe(204);
    expect(await ownersLeft()).toEqual([{ staff_id: owner3Id }]);
  });
});
