import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryDay } from '../../shared/console/diary';
import type { StylistColumn } from '../../shared/console/team';
import { consoleCall, lastEmailTo, postJson, STAFF, staffLogin } from './console-helpers';

/**
 * Issue 56, item 2: an invited stylist is linked to their column of the diary, when invited or
 * later from Team; one member per column, a column of the same salon, enforced by the database.
 */
let owner = '';
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});
const made: string[] = [];
afterEach(async () => {
  for (const email of made.splice(0))
    await env.DB.prepare('DELETE FROM staff_roles WHERE staff_id IN (SELECT id FROM staff WHERE email = ?)').bind(email).run();
});

const invite = async (body: Record<string, unknown>, token = owner, salon = 1) => {
  if (typeof body.email === 'string') made.push(body.email);
  return consoleCall(`/api/console/salons/${salon}/staff`, token, { method: 'POST', body: JSON.stringify(body) });
};
const columns = async (salon = 1, token = owner) =>
  (await (await consoleCall(`/api/console/salons/${salon}/stylist-columns`, token)).json()) as StylistColumn[];
const link = (staffId: number, stylistId: number | null, token = owner) =>
  consoleCall(`/api/console/salons/1/staff/${staffId}/column`, token, { method: 'PUT', body: JSON.stringify({ stylist_id: stylistId }) });
const email = (who: string) => `${who}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.test`;

/** Signs an invited member in with the emailed temporary password and a password of their own. */
async function firstSignIn(address: string): Promise<string> {
  const temporary = /temporary password is (\S+)\.$/.exec((await lastEmailTo(address)).text)![1]!;
  const { session } = (await (await postJson('/console/session/login', { email: address, password: temporary })).json()) as {
    session: string;
  };
  const chosen = await postJson('/console/session/new-password', { email: address, session, new_password: 'Chosen-pass1' });
  return ((await chosen.json()) as { access_token: string }).access_token;
}

describe('a stylist’s column of the diary', () => {
  it('lists the salon’s columns and whose each is', async () => {
    expect(await columns()).toEqual([
      { id: 1, name: 'Amelia Hart', staff_id: null },
      { id: 2, name: 'Ben Okafor', staff_id: null },
      { id: 3, name: 'Chloe Price', staff_id: 3 },
      { id: 4, name: 'Dan Reeves', staff_id: null },
    ]);
  });

  it('a stylist invited with a column signs in and sees that column in the diary', async () => {
    const address = email('dan');
    const res = await invite({ email: address, name: 'Dan Reeves', role: 'stylist', stylist_id: 4 });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect((await columns()).find((c) => c.id === 4)?.staff_id).toBe(id);
    const token = await firstSignIn(address);
    const day = (await (await consoleCall('/api/console/salons/1/diary/2027-01-04', token)).json()) as DiaryDay;
    expect(day.stylists.map((s) => s.name)).toEqual(['Dan Reeves']);
  });

  it('a stylist invited without one is linked later from Team, changed, and unlinked', async () => {
    const address = email('amelia');
    const { id } = (await (await invite({ email: address, name: 'Amelia Hart', role: 'stylist' })).json()) as { id: number };
    const token = await firstSignIn(address);
    const diary = async () =>
      ((await (await consoleCall('/api/console/salons/1/diary/2027-01-04', token)).json()) as DiaryDay).stylists.map((s) => s.name);
    expect(await diary()).toEqual([]);
    const linked = await link(id, 1);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as StylistColumn[]).find((c) => c.id === 1)?.staff_id).toBe(id);
    expect(await diary()).toEqual(['Amelia Hart']);
    expect((await link(id, 2)).status).toBe(200);
    expect(await diary()).toEqual(['Ben Okafor']);
    expect((await columns()).find((c) => c.id === 1)?.staff_id).toBeNull();
    expect((await link(id, null)).status).toBe(200);
    expect(await diary()).toEqual([]);
  });

  it('refuses a column taken, another salon’s, or for a role that is not stylist, by name', async () => {
    const taken = await invite({ email: email('taken'), name: 'Cleo', role: 'stylist', stylist_id: 3 });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({
      field: 'stylist_id',
      detail: 'Chloe Price’s column is already linked to someone else on the team',
    });
    const other = await invite({ email: email('other'), name: 'Sam', role: 'stylist', stylist_id: 5 });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ errors: { stylist_id: 'Choose one of the salon’s stylist columns' } });
    const manager = await invite({ email: email('mgr'), name: 'Max', role: 'manager', stylist_id: 4 });
    expect(manager.status).toBe(400);
    expect(await manager.json()).toMatchObject({ errors: { stylist_id: expect.stringContaining('Only a stylist') } });
    // the owner (a group owner, no stylist role here) has no column to link
    expect((await link(1, 4)).status).toBe(404);
    expect((await columns()).find((c) => c.id === 4)?.staff_id).toBeNull();
  });

  it('managers link too; stylists may not', async () => {
    const manager = (await staffLogin(STAFF.manager3)).access_token;
    const address = email('barber');
    const { id } = (await (await invite({ email: address, name: 'Marco', role: 'stylist' }, manager, 3)).json()) as { id: number };
    const res = await consoleCall(`/api/console/salons/3/staff/${id}/column`, manager, {
      method: 'PUT',
      body: JSON.stringify({ stylist_id: 6 }),
    });
    expect(res.status).toBe(200);
    expect(await columns(3, manager)).toEqual([{ id: 6, name: 'Marco Diaz', staff_id: id }]);
    const stylist = (await staffLogin(STAFF.stylist1)).access_token;
    expect((await link(3, 4, stylist)).status).toBe(403);
  });

  it('the database refuses a second member on a column, or a column of another salon, whatever the role', async () => {
    const insert = (stylistId: number, salon: number, role: string) =>
      env.DB.prepare('INSERT INTO staff_roles (staff_id, salon_id, role, created_at, stylist_id) VALUES (1, ?, ?, 0, ?)')
        .bind(salon, role, stylistId)
        .run();
    await expect(insert(3, 1, 'stylist')).rejects.toThrow(/UNIQUE/);
    await expect(insert(6, 1, 'stylist')).rejects.toThrow(/same salon/);
    // an owner may work in a column (a new salon's owner is its first), never another salon's
    await expect(insert(6, 1, 'owner')).rejects.toThrow(/same salon/);
    await expect(env.DB.prepare('UPDATE staff_roles SET stylist_id = 6 WHERE staff_id = 3 AND salon_id = 1').run()).rejects.toThrow(
      /same salon/,
    );
  });

  it('two links of one column at once: one wins, the other is told, every round (10 rounds)', async () => {
    const ids: number[] = [];
    for (const who of ['ada', 'bea']) {
      const res = await invite({ email: email(who), name: who, role: 'stylist' });
      ids.push(((await res.json()) as { id: number }).id);
    }
    const winners: number[] = [];
    for (let round = 0; round < 10; round++) {
      await Promise.all(ids.map((id) => link(id, null)));
      const answers = await Promise.all(ids.map((id) => link(id, 4)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const owner4 = (await columns()).find((c) => c.id === 4)!.staff_id!;
      expect(ids).toContain(owner4);
      expect(ids[answers.findIndex((r) => r.status === 200)]).toBe(owner4);
      winners.push(owner4);
      const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM staff_roles WHERE stylist_id = 4').first<{ n: number }>();
      expect(rows?.n).toBe(1);
    }
    expect(winners).toHaveLength(10);
    await Promise.all(ids.map((id) => link(id, null)));
  });
});
