import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientCard, ClientList } from '../../shared/console/clients';
import type { ImportCreated, ImportPreview, ImportSummary } from '../../shared/console/imports';
import type { MenuService } from '../../shared/console/menu';
import type { DeskVoucherDetail } from '../../shared/console/vouchers';
import booksy from '../fixtures/imports/booksy-clients-generic.csv?raw';
import freshaClients from '../fixtures/imports/fresha-clients.csv?raw';
import freshaServices from '../fixtures/imports/fresha-services.csv?raw';
import freshaStaff from '../fixtures/imports/fresha-staff.csv?raw';
import appointments from '../fixtures/imports/generic-appointments.csv?raw';
import phorest from '../fixtures/imports/phorest-vouchers.csv?raw';
import square from '../fixtures/imports/square-customers.csv?raw';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { redeemAtTill } from './desk-helpers';
import { dbOf } from './salon-db';

/** Imports (issue 50): the preview, the import, idempotency, merges, undo, appointments that clash, vouchers at the desk. */
let owner: string;
let owner3: string;
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  owner3 = (await staffLogin(STAFF.owner3)).access_token;
});

const send = (salon: number, file: string, o: { dryRun?: boolean; query?: string; token?: string; type?: string } = {}) =>
  consoleCall(
    `/api/console/salons/${salon}/imports?${o.dryRun ? 'dry_run=1&' : ''}${o.query ?? ''}`,
    o.token ?? (salon === 3 ? owner3 : owner),
    {
      method: 'POST',
      headers: { 'Content-Type': o.type ?? 'text/csv' },
      body: file,
    },
  );
const preview = async (salon: number, file: string, query = '') => {
  const res = await send(salon, file, { dryRun: true, query });
  expect(res.status).toBe(200);
  return (await res.json()) as ImportPreview;
};
const imported = async (salon: number, file: string, query = '') => {
  const res = await send(salon, file, { query });
  expect(res.status).toBe(201);
  return (await res.json()) as ImportCreated & { refused_rows: { row: number; column: string; reason: string }[] };
};
const undo = (salon: number, id: number, token = salon === 3 ? owner3 : owner) =>
  consoleCall(`/api/console/salons/${salon}/imports/${id}`, token, { method: 'DELETE' });
const list = async (salon: number) =>
  (await (await consoleCall(`/api/console/salons/${salon}/imports`, salon === 3 ? owner3 : owner)).json()) as ImportSummary[];
const clientsOf = async (salon: number) =>
  (
    await (
      await dbOf(salon)
    )
      .prepare('SELECT * FROM salon_clients WHERE salon_id = ? ORDER BY key')
      .bind(salon)
      .all<Record<string, unknown>>()
  ).results;
const search = async (salon: number, q: string) =>
  (await (await consoleCall(`/api/console/salons/${salon}/clients?q=${encodeURIComponent(q)}`, owner)).json()) as ClientList;

describe('clients', () => {
  it('previews without writing: counts, fixes, merges within the file, refused rows with their column', async () => {
    const p = await preview(1, freshaClients);
    expect(p).toMatchObject({ source: 'fresha', kind: 'clients', rows: 13, new: 4, merged: 3, unchanged: 0, already_imported: null });
    expect(p.refused.map((r) => [r.row, r.column])).toEqual([
      [7, 'Mobile Number'],
      [8, 'First Name'],
      [9, 'Email'],
      [10, 'Date of Birth'],
      [11, 'Mobile Number'],
      [12, 'Blocked'],
    ]);
    // the demo's Jamie has an account with Olivia's phone: she is merged into that person
    expect(p.preview[0]).toMatchObject({
      row: 1,
      outcome: 'merged',
      first_name: 'Olivia',
      last_name: 'Bennett',
      phone: '+447700900123',
      email: 'olivia.bennett@example.test',
      notes: 'Allergic to PPD: patch test every visit',
      blocked: false,
    });
    // a formula-looking cell is the text it was
    expect(p.preview.find((r) => r.row === 6)).toMatchObject({ first_name: '=HYPERLINK("http://evil.test")' });
    expect(p.ignored).toEqual(expect.arrayContaining(['Client ID', 'Gender', 'City', 'Added']));
    expect(await clientsOf(1)).toEqual([]);
  });

  it('imports exactly the preview; the desk finds them at once with their notes; the same file again adds nothing and says so', async () => {
    const made = await imported(1, freshaClients);
    expect(made).toMatchObject({ added: 4, merged: 3, refused: 6, already_imported: false });
    const rows = await clientsOf(1);
    expect(rows.map((r) => r.key)).toEqual(['+447700900123', '+447700900124', '+447700900125', '+447700900126', 'isla.king@example.test']);
    // merged by phone (Olivia's second row) and by email (Noah → Harry): filled in, not doubled
    expect(rows[0]).toMatchObject({ email: 'olivia.bennett@example.test', notes: expect.stringContaining('Second row for Olivia') });
    expect(rows[2]).toMatchObject({ blocked: 1 });

    const found = await search(1, 'Amira');
    expect(found.clients).toEqual([expect.objectContaining({ id: '+447700900125', name: 'Amira Khan', has_account: false })]);
    const card = (await (
      await consoleCall(`/api/console/salons/1/clients/${encodeURIComponent('+447700900125')}`, owner)
    ).json()) as ClientCard;
    expect(card.notes[0]).toMatchObject({ body: 'Prefers Ben, likes tea', staff_name: 'Imported' });

    const again = await send(1, freshaClients);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ import_id: made.import_id, added: 0, already_imported: true });
    expect((await preview(1, freshaClients)).already_imported).toBe(made.import_id);
    expect(await clientsOf(1)).toHaveLength(5);
    expect((await list(1))[0]).toMatchObject({ id: made.import_id, status: 'done', done_rows: 13, added: 4, merged: 3, refused: 6 });
  });

  it('two imports of one file at once: the database takes one, the other adds nothing', async () => {
    const [a, b] = await Promise.all([send(1, booksy), send(1, booksy)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const answers = (await Promise.all([a.json(), b.json()])) as ImportCreated[];
    expect(answers.map((x) => x.already_imported).sort()).toEqual([false, true]);
    expect((await clientsOf(1)).filter((r) => r.email === 'nina@example.test')).toHaveLength(1);
  });

  it('a later file merges into the same people; undo gives their fields back and removes only what it added', async () => {
    const before = await clientsOf(1);
    // Harry's phone with a new email and a note, and a new person
    const file =
      'First Name,Last Name,Email Address,Phone Number,Memo,Square Customer ID\nHarry,Clarke,harry.new@example.test,+447700900124,Likes espresso,SQ9\nNew,Person,new.person@example.test,+447700900999,,SQ10\n';
    const p = await preview(1, file);
    expect(p).toMatchObject({ source: 'square', new: 1, merged: 1 });
    const made = await imported(1, file);
    const harry = (await clientsOf(1)).find((r) => r.key === '+447700900124');
    // the email it had stays; the note is added to the ones it had
    expect(harry).toMatchObject({ email: 'harry.clarke@example.test', notes: 'Same email as Harry: merged by email\nLikes espresso' });
    const res = await undo(1, made.import_id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ removed: 2 });
    expect(await clientsOf(1)).toEqual(before);
    expect((await undo(1, made.import_id)).status).toBe(409);
  });

  it('another salon’s import never touches this one; its import ids are 404 here', async () => {
    const before = await clientsOf(1);
    const made = await imported(3, square);
    expect(made.added).toBe(3);
    expect(await clientsOf(1)).toEqual(before);
    // salon 3 is in the US: a UK number without its country code is not one of its numbers
    expect((await clientsOf(3)).map((r) => r.key)).toEqual(['+17185550199', '+447700900301', '+447700900302']);
    expect((await undo(1, made.import_id)).status).toBe(404);
    expect((await list(1)).some((i) => i.id === made.import_id)).toBe(false);
  });
});

describe('what the call refuses', () => {
  it('a file over 10 MB is 413 with what to do; another type 415; a bad source 400 naming it', async () => {
    const big = await send(1, 'a,b\n'.repeat(2_700_000));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ field: 'file', detail: expect.stringMatching(/10 MB.*split it/) });
    expect((await send(1, '{}', { type: 'application/json' })).status).toBe(415);
    const bad = await send(1, freshaClients, { dryRun: true, query: 'source=booksy' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'source' });
  });

  it('a generic file without a column the kind needs names it; the mapper chooses one', async () => {
    const file = 'Given,Family,Cell\nNina,Patel,07700 900777\n';
    const refused = await send(1, file, { dryRun: true, query: 'kind=appointments' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ detail: expect.stringMatching(/no date column/) });
    const mapped = await preview(
      1,
      file,
      `kind=clients&map=${encodeURIComponent(JSON.stringify({ first_name: 'Given', last_name: 'Family' }))}`,
    );
    expect(mapped.preview[0]).toMatchObject({ first_name: 'Nina', last_name: 'Patel', phone: '+447700900777' });
  });
});

describe('services and staff', () => {
  it('services come in with durations, processing and from-prices, performed by every stylist; undo takes them away', async () => {
    const p = await preview(1, freshaServices);
    expect(p).toMatchObject({ source: 'fresha', kind: 'services', new: 4, refused: expect.any(Array) });
    expect(p.preview.find((r) => r.name === 'Root Tint')).toMatchObject({ duration: 45, processing: 50, price: 6500, category: 'Colour' });
    const made = await imported(1, freshaServices);
    const services = (await (await consoleCall('/api/console/salons/1/services', owner)).json()) as MenuService[];
    const balayage = services.find((s) => s.name === 'Balayage Deluxe')!;
    expect(balayage).toMatchObject({ variable_price: true, online: false });
    expect(balayage.stylists.map((s) => [s.price, s.duration])).toEqual([
      [12000, 120],
      [12000, 120],
      [12000, 120],
      [12000, 120],
    ]);
    expect(await (await undo(1, made.import_id)).json()).toEqual({ removed: 6 });
    const after = (await (await consoleCall('/api/console/salons/1/services', owner)).json()) as MenuService[];
    expect(after.some((s) => s.name === 'Balayage Deluxe' || s.name === 'Restyle Cut')).toBe(false);
  });

  it('staff become stylist columns; inactive or nameless rows are refused', async () => {
    const made = await imported(3, freshaStaff);
    expect(made).toMatchObject({ added: 2 });
    expect(made.refused_rows.map((r) => [r.row, r.column])).toEqual([
      [3, 'Status'],
      [4, 'First Name'],
      [5, 'Email'],
    ]);
    const { results } = await (
      await dbOf(3)
    )
      .prepare('SELECT name, role FROM stylists WHERE salon_id = 3 AND active = 1 ORDER BY position')
      .all();
    expect(results).toEqual(
      expect.arrayContaining([
        { name: 'Priya Shah', role: 'Senior Stylist' },
        { name: 'Tom Brooks', role: 'Barber' },
      ]),
    );
  });
});

describe('future appointments', () => {
  it('take their stylist’s time: a clash is refused by the database and listed, never double booked', async () => {
    const p = await preview(1, appointments);
    expect(p.refused.map((r) => [r.row, r.column])).toEqual([
      [4, 'Service'],
      [5, 'Stylist'],
      [6, 'Date'],
      [7, 'Time'],
    ]);
    const made = await imported(1, appointments);
    expect(made.added).toBe(2);
    expect(made.refused_rows.find((r) => r.row === 2)).toMatchObject({
      column: 'Time',
      reason: expect.stringMatching(/Amelia Hart is already booked/),
    });
    const db = await dbOf(1);
    const booked = await db
      .prepare(
        "SELECT a.client_phone, a.client_name, a.status, a.origin FROM appointments a WHERE a.idempotency_key LIKE 'import-%' ORDER BY a.start_at",
      )
      .all();
    expect(booked.results).toEqual([
      { client_phone: '+447700900401', client_name: 'Maya Stone', status: 'confirmed', origin: 'salon' },
      { client_phone: '+447700900403', client_name: 'Lily Ward', status: 'confirmed', origin: 'salon' },
    ]);
    const blocks = await db
      .prepare(
        "SELECT count(*) AS n FROM stylist_blocks WHERE appointment_id IN (SELECT id FROM appointments WHERE idempotency_key LIKE 'import-%')",
      )
      .first<{ n: number }>();
    expect(blocks!.n).toBe(6 + 9);
    // undo frees the time
    expect(await (await undo(1, made.import_id)).json()).toEqual({ removed: 2 });
    const freed = await db
      .prepare(
        "SELECT count(*) AS n FROM stylist_blocks WHERE appointment_id IN (SELECT id FROM appointments WHERE idempotency_key LIKE 'import-%')",
      )
      .first<{ n: number }>();
    expect(freed!.n).toBe(0);
  });
});

describe('vouchers', () => {
  it('are redeemable at the desk by the code the client holds; undo keeps one redeemed since', async () => {
    const made = await imported(1, phorest);
    expect(made).toMatchObject({ added: 2 });
    expect(made.refused_rows.map((r) => [r.row, r.column])).toEqual([
      [3, 'Remaining Balance'],
      [4, 'Expiry'],
      [5, 'Serial Number'],
      [6, 'Remaining Balance'],
      [7, 'Expiry Date'],
    ]);
    const look = (await (await consoleCall('/api/console/salons/1/vouchers/PH-1001-A', owner)).json()) as DeskVoucherDetail;
    expect(look).toMatchObject({ code: 'PH1001A', balance: 40, expiry_date: '2028-06-01', state: 'active' });
    const redeemed = await redeemAtTill(owner, 1, 'ph-1001-a', { amount: 15 });
    expect(redeemed.status).toBe(201);
    // another salon cannot find it
    expect((await consoleCall('/api/console/salons/3/vouchers/PH1001A', owner3)).status).toBe(404);
    expect(await (await undo(1, made.import_id)).json()).toEqual({ removed: 1 });
    expect((await consoleCall('/api/console/salons/1/vouchers/PH1001A', owner)).status).toBe(200);
    expect((await consoleCall('/api/console/salons/1/vouchers/PH1002B', owner)).status).toBe(404);
  });
});
