import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CreatedGroup } from '../../shared/console/groups';
import type { HistoryEntry } from '../../shared/console/history';
import type { Today } from '../../shared/console/today';
import type { Group } from '../../shared/types';
import { bootstrapOf, call } from './helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { created, GB_SALON, newOwner as newOwnerAt } from './new-salon-helpers';
import { dbOf } from './salon-db';

// Issue 49, after the set-up (docs/get-started.md): Today's checklist of what is left, ticked from
// the salon's rows and gone when dismissed; an owner of several salons makes them a group.
// sign-ups are limited per email domain: this file's own
const newOwner = () => newOwnerAt('setup.example.test');
const today = async (salon: number, token: string) => {
  const res = await consoleCall(`/api/console/salons/${salon}/today`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as Today;
};
const doneOf = (t: Today) => Object.fromEntries((t.setup ?? []).map((i) => [i.key, i.done]));
const dismiss = (salon: number, token: string) =>
  consoleCall(`/api/console/salons/${salon}/setup-checklist/dismiss`, token, { method: 'POST' });
const history = async (salon: number, token: string) =>
  (await (await consoleCall(`/api/console/salons/${salon}/history`, token)).json()) as HistoryEntry[];

describe("Today's checklist of a new salon", () => {
  it('lists what is left, ticked from the salon: the starter menu and hours done, the rest to do; a short name ticks its item', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token);
    const t = await today(salon.id, owner.token);
    expect(t.setup?.map((i) => i.key)).toEqual(['get_paid', 'services', 'hours', 'photos', 'address', 'team', 'search', 'first_booking']);
    expect(doneOf(t)).toEqual({
      get_paid: false,
      services: true,
      hours: true,
      photos: false,
      address: false,
      team: false,
      search: true,
      first_booking: false,
    });
    const named = await consoleCall(`/api/console/salons/${salon.id}/short-name`, owner.token, {
      method: 'PUT',
      body: JSON.stringify({ short_name: `shaw-${salon.id}` }),
    });
    expect(named.status, await named.clone().text()).toBe(200);
    expect(doneOf(await today(salon.id, owner.token)).address).toBe(true);
  });

  it('an empty starter menu leaves services and search engines to do', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token, { ...GB_SALON, starter_menu: 'none' });
    expect(doneOf(await today(salon.id, owner.token))).toMatchObject({ services: false, search: false, hours: true });
  });

  it('is gone when every item is done', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token);
    const db = await dbOf(salon.id);
    await db.batch([
      db
        .prepare("UPDATE salons SET stripe_charges_enabled = 1, logo = 'x.png', short_slug = ? WHERE id = ?")
        .bind(`all-${salon.id}`, salon.id),
      db
        .prepare(
          `INSERT INTO staff_roles (staff_id, salon_id, role, created_at) SELECT st.id, ?1, 'stylist', 0 FROM staff st
            WHERE st.id NOT IN (SELECT staff_id FROM staff_roles WHERE salon_id = ?1) LIMIT 1`,
        )
        .bind(salon.id),
      db
        .prepare("INSERT INTO appointments (id, salon_id, status, start_at, end_at, created_at) VALUES (?, ?, 'confirmed', 1, 2, 1)")
        .bind(salon.id * 10 + 7, salon.id),
    ]);
    expect((await today(salon.id, owner.token)).setup).toBeNull();
  });

  it('dismissed by an owner or manager: gone for everyone, in History; again changes nothing; a demo salon and a stylist see none', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token);
    expect((await today(salon.id, owner.token)).setup).not.toBeNull();
    expect((await dismiss(salon.id, owner.token)).status).toBe(204);
    expect((await today(salon.id, owner.token)).setup).toBeNull();
    expect((await dismiss(salon.id, owner.token)).status).toBe(204);
    const entries = (await history(salon.id, owner.token)).filter((h) => h.field === 'setup_checklist');
    expect(entries).toEqual([expect.objectContaining({ who: owner.email, old: 'shown', new: 'dismissed' })]);
    // salons made before the guided set-up never show it, nor does a stylist see one
    const groupOwner = (await staffLogin(STAFF.groupOwner)).access_token;
    expect((await today(1, groupOwner)).setup).toBeNull();
    expect((await today(1, (await staffLogin(STAFF.stylist1)).access_token)).setup).toBeNull();
  });

  it('someone who does not work at the salon cannot dismiss it (404, as the security table checks the roles); nor may its owner another salon', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token);
    expect((await dismiss(salon.id, (await staffLogin(STAFF.stylist1)).access_token)).status).toBe(404);
    expect((await dismiss(1, owner.token)).status).toBe(404);
    expect((await today(salon.id, owner.token)).setup).not.toBeNull();
  });

  it('the directory names a new salon, and its owner is indexed, before its rows are written: both there afterwards', async () => {
    const owner = await newOwner();
    const salon = await created(owner.token);
    expect(await env.DB.prepare('SELECT salon_id FROM salon_placements WHERE salon_id = ?').bind(salon.id).first()).toEqual({
      salon_id: salon.id,
    });
    expect(
      await env.DB.prepare("SELECT place_id FROM staff_salons WHERE email = ? AND kind = 'salon'").bind(owner.email).all(),
    ).toMatchObject({ results: [{ place_id: salon.id }] });
  });
});

const makeGroup = (salon: number, token: string, body: unknown) =>
  consoleCall(`/api/console/salons/${salon}/group`, token, { method: 'POST', body: JSON.stringify(body) });

describe('making a group of one’s salons', () => {
  it("an owner's two salons become a group: the picker lists both at once, each page names the group, History says so", async () => {
    const owner = await newOwner();
    const a = await created(owner.token, { ...GB_SALON, name: 'Shaw Hair Angel' });
    const b = await created(owner.token, { ...GB_SALON, name: 'Shaw Hair Bow' });
    // each page loaded (and kept by the edge) before the group is made
    expect(bootstrapOf(await (await call(`/salon/${a.id}`)).text())).toMatchObject({ salon: { group: null } });
    const res = await makeGroup(a.id, owner.token, { name: 'Shaw Hair', salon_ids: [a.id, b.id] });
    expect(res.status, await res.clone().text()).toBe(201);
    const group = (await res.json()) as CreatedGroup;
    expect(group).toEqual({
      id: expect.any(Number),
      name: 'Shaw Hair',
      salon_ids: [a.id, b.id],
      picker: `https://app.invalid/group/${group.id}/`,
    });
    const picker = (await (await call(`/api/book-online/group/${group.id}/`)).json()) as Group;
    expect(picker.salons.map((s) => s.name).sort()).toEqual(['Shaw Hair Angel', 'Shaw Hair Bow']);
    expect(bootstrapOf(await (await call(`/salon/${a.id}`)).text())).toMatchObject({ salon: { group: group.id } });
    // the owner now owns the group: its picker is theirs to arrange, from either salon
    const arranged = await consoleCall(`/api/console/salons/${b.id}/group-picker`, owner.token);
    expect(arranged.status).toBe(200);
    expect(((await arranged.json()) as { group_id: number }).group_id).toBe(group.id);
    for (const id of [a.id, b.id])
      expect((await history(id, owner.token)).find((h) => h.field === 'salon_group')).toMatchObject({ old: null, new: 'Shaw Hair' });
    // a salon belongs to one group: again is 409, nothing changed
    const again = await makeGroup(b.id, owner.token, { name: 'Other', salon_ids: [a.id, b.id] });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ field: 'salon_ids' });
  });

  it("another owner's salon is 404 (as if it did not exist), nothing written; the path's salon must be among them; bad input names the field", async () => {
    const owner = await newOwner();
    const a = await created(owner.token);
    const other = await newOwner();
    const theirs = await created(other.token);
    const refused = await makeGroup(a.id, owner.token, { name: 'Mine', salon_ids: [a.id, theirs.id] });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ field: 'salon_ids' });
    expect(await (await dbOf(a.id)).prepare('SELECT group_id FROM salons WHERE id = ?').bind(a.id).first()).toEqual({ group_id: null });
    // from another owner's salon: the policy's 404
    expect((await makeGroup(theirs.id, owner.token, { name: 'Mine', salon_ids: [a.id, theirs.id] })).status).toBe(404);
    const b = await created(owner.token);
    const without = await makeGroup(a.id, owner.token, { name: 'Mine', salon_ids: [b.id, 1] });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ field: 'salon_ids' });
    for (const [body, field] of [
      [{ name: '', salon_ids: [a.id, b.id] }, 'name'],
      [{ name: 'Mine', salon_ids: [a.id] }, 'salon_ids'],
      [{ name: 'Mine', salon_ids: [a.id, a.id] }, 'salon_ids'],
      [{ name: 'Mine', salon_ids: [a.id, b.id], extra: 1 }, undefined],
    ] as const) {
      const bad = await makeGroup(a.id, owner.token, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      if (field) expect(await bad.json()).toMatchObject({ field });
    }
  });

  it('two groupings of the same salons at once: one group is made, the other is 409', async () => {
    const owner = await newOwner();
    const a = await created(owner.token);
    const b = await created(owner.token);
    const answers = await Promise.all(
      ['One', 'Two'].map((name) => makeGroup(a.id, owner.token, { name, salon_ids: [a.id, b.id] }).then((r) => r.status)),
    );
    expect(answers.sort()).toEqual([201, 409]);
    const rows = await (await dbOf(a.id)).prepare('SELECT DISTINCT group_id FROM salons WHERE id IN (?, ?)').bind(a.id, b.id).all();
    expect(rows.results).toHaveLength(1);
  });
});
