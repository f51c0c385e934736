import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import { CLIENT_BLOCKED, MSG_CLIENT_BLOCKED } from '../../shared/booking-request';
import type { ClientCard, ClientList } from '../../shared/console/clients';
import type { DeskClient } from '../../shared/console/diary';
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
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, signUp } from './helpers';
import { redeemAtTill } from './desk-helpers';
import { optOutByText } from '../../worker/db/texts';
import { scheduled } from '../../worker/scheduled';
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

  it('a generic file without a column the kind needs: the preview names it with the file’s headers, the import refuses it; the mapper chooses one', async () => {
    const file = 'Given,Family,Cell\nNina,Patel,07700 900777\n';
    const asked = await preview(1, file, 'kind=appointments');
    expect(asked).toMatchObject({
      kind: 'appointments',
      missing: ['date', 'time', 'service', 'stylist', 'phone'],
      headers: ['Given', 'Family', 'Cell'],
    });
    expect(asked).toMatchObject({ new: 0, refused: [], preview: [] });
    const refused = await send(1, file, { query: 'kind=appointments' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: 'map', detail: expect.stringMatching(/no date column/) });
    expect((await list(1)).some((i) => i.kind === 'appointments' && i.rows === 1)).toBe(false);

    const guessed = await preview(1, file, 'kind=clients');
    expect(guessed).toMatchObject({ missing: ['first_name'], columns: { phone: 'Cell' } });
    const mapped = await preview(
      1,
      file,
      `kind=clients&map=${encodeURIComponent(JSON.stringify({ first_name: 'Given', last_name: 'Family' }))}`,
    );
    expect(mapped).toMatchObject({ missing: [], columns: { first_name: 'Given', last_name: 'Family', phone: 'Cell' } });
    expect(mapped.preview[0]).toMatchObject({ first_name: 'Nina', last_name: 'Patel', phone: '+447700900777' });
    // a field mapped to '' is not read, even from a column its usual names would find; a column goes to one field only
    const unread = await preview(
      1,
      file,
      `kind=clients&map=${encodeURIComponent(JSON.stringify({ first_name: 'Given', last_name: 'Family', phone: '', notes: 'Cell' }))}`,
    );
    expect(unread.columns).toEqual({ first_name: 'Given', last_name: 'Family', notes: 'Cell' });
    expect(unread.refused).toEqual([{ row: 1, column: 'phone', reason: 'The client has no phone number or email' }]);
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
    // row 2 is in Amelia's time of row 1: the preview lists it already
    expect(p.refused.map((r) => [r.row, r.column])).toEqual([
      [2, 'Time'],
      [4, 'Service'],
      [5, 'Stylist'],
      [6, 'Date'],
      [7, 'Time'],
    ]);
    expect(p.refused[0]!.reason).toMatch(/^Amelia Hart is already booked at 2030-03-05 10:15: not double booked$/);
    expect(p).toMatchObject({ new: 2 });
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
    // another file's row in the time now booked: listed in its preview, before anything is written
    const later =
      'Date,Time,Client phone,Client,Service,Stylist\n2030-03-05,10:20,07700 900408,Kai Long,Gents Cut,Amelia Hart\n2030-03-05,12:00,07700 900409,Ana Moss,Gents Cut,Amelia Hart\n';
    const clash = await preview(1, later);
    expect(clash).toMatchObject({ new: 1, refused: [{ row: 1, column: 'Time', reason: expect.stringMatching(/already booked/) }] });
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
    // the undone voucher's purchase goes with it; the redeemed one's stays
    const db = await dbOf(1);
    const purchases = await db
      .prepare("SELECT session_id FROM voucher_purchases WHERE session_id GLOB 'import-' || ? || '-*' ORDER BY session_id")
      .bind(String(made.import_id))
      .all<{ session_id: string }>();
    expect(purchases.results.map((p) => p.session_id)).toEqual([`import-${made.import_id}-PH1001A`]);
  });
});

describe('what the client’s card shows', () => {
  it('the birthday, landline, email and blocked flag come in; an email-only client is found by email and has a card', async () => {
    const file =
      'First Name,Last Name,Email,Mobile Number,Telephone,Date of Birth,Note,Blocked\n' +
      'Tess,Durbey,tess@example.test,07700 900611,020 7946 0611,14/03/1988,Allergic to nickel,Yes\n' +
      'Mo,Only-Email,mo.only@example.test,,,,Likes a quiet chair,No\n';
    const made = await imported(1, file, 'source=generic&kind=clients');
    expect(made).toMatchObject({ added: 2, refused: 0 });
    const card = (await (
      await consoleCall(`/api/console/salons/1/clients/${encodeURIComponent('+447700900611')}`, owner)
    ).json()) as ClientCard;
    expect(card.client).toMatchObject({
      name: 'Tess Durbey',
      phone: '+447700900611',
      email: 'tess@example.test',
      imported: { landline: '+442079460611', birthday: '1988-03-14', blocked: true },
    });
    expect(card.notes[0]).toMatchObject({ body: 'Allergic to nickel', staff_name: 'Imported' });
    // the desk's new booking finds them at once (by name or phone as typed), to book by their phone
    const desk = (await (await consoleCall('/api/console/salons/1/desk/clients?q=Durbey', owner)).json()) as DeskClient[];
    expect(desk).toEqual([{ id: null, name: 'Tess Durbey', phone: '+447700900611' }]);
    const byPhone = (await (await consoleCall('/api/console/salons/1/desk/clients?q=07700%20900611', owner)).json()) as DeskClient[];
    expect(byPhone.map((d) => d.phone)).toEqual(['+447700900611']);

    // no phone: found by the email (or a part of it) and by name, its card keyed by the email
    const found = await search(1, 'mo.only@');
    expect(found.clients).toEqual([
      expect.objectContaining({ id: 'mo.only@example.test', name: 'Mo Only-Email', phone: '', email: 'mo.only@example.test' }),
    ]);
    expect((await search(1, 'Only-Email')).clients.map((c) => c.id)).toEqual(['mo.only@example.test']);
    const res = await consoleCall(`/api/console/salons/1/clients/${encodeURIComponent('mo.only@example.test')}`, owner);
    expect(res.status).toBe(200);
    const emailCard = (await res.json()) as ClientCard;
    expect(emailCard.client).toMatchObject({
      phone: '',
      email: 'mo.only@example.test',
      opted_out_of_texts: false,
      imported: { blocked: false },
    });
    expect(emailCard.notes.map((n) => n.body)).toEqual(['Likes a quiet chair']);
    expect((await undo(1, made.import_id)).status).toBe(200);
    expect((await search(1, 'mo.only@')).total).toBe(0);
  });
});

describe('a client blocked in the salon’s previous system', () => {
  it('cannot book online at that salon: 403 with what to do, nothing booked; once the import is undone they can', async () => {
    const digits = String(Date.now() % 100_000).padStart(5, '0');
    const phone = `+4477009${digits}`;
    const res = await signUp(
      { first_name: 'Bea', last_name: 'Blocked', email: `bea${digits}@example.test`, phone, password: 'Good-pass1' },
      { 'CF-Connecting-IP': '100.98.0.7' },
    );
    expect(res.status).toBe(200);
    const client = (await res.json()) as { access_token: string; user: { username: string } };
    const made = await imported(
      2,
      `First Name,Last Name,Mobile Number,Blocked\nBea,Blocked,07700 9${digits},Yes\n`,
      'source=generic&kind=clients',
    );
    expect(made).toMatchObject({ added: 1, refused: 0 });

    // a Wednesday a week or more ahead, when Sam (salon 2) cuts
    let date = addDays(localDateOf(Date.now(), 'Europe/London'), 8);
    while (new Date(`${date}T00:00:00Z`).getUTCDay() !== 3) date = addDays(date, 1);
    const slots = await call(`/api/book-online/new/availability/appointment/2/${date}/11/5/null/`);
    const start = Object.keys(((await slots.json()) as DaySlots).data)[0]!;
    const book = () =>
      call('/api/book-online/appointment/create/2/', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${client.access_token}`,
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify({
          start_time: start,
          procedures: [{ service_id: 11, stylist_id: 5, role: 'Stylist', start_time: start, duration: 30, price: 30, processing: 0 }],
          total_price: 30,
          cognito_username: client.user.username,
          notes: '',
          deposit: 0,
          user: { name: 'Bea Blocked', phone_number: phone, salon_id: 2 },
          payment_needed: false,
        }),
      });
    const refused = await book();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ detail: MSG_CLIENT_BLOCKED, code: CLIENT_BLOCKED });
    const booked = async () =>
      (await (
        await dbOf(2)
      )
        .prepare('SELECT COUNT(*) AS n FROM appointments WHERE client_id = ?')
        .bind(client.user.username)
        .first<{ n: number }>())!.n;
    expect(await booked()).toBe(0);

    expect((await undo(2, made.import_id)).status).toBe(200);
    expect((await book()).status).toBe(201);
    expect(await booked()).toBe(1);
  });
});

describe('marketing consent', () => {
  const optOuts = async (salon: number) =>
    (
      await (
        await dbOf(salon)
      )
        .prepare('SELECT phone FROM text_opt_outs WHERE salon_id = ? ORDER BY phone')
        .bind(salon)
        .all<{ phone: string }>()
    ).results.map((r) => r.phone);

  it('a client without it is opted out of the salon’s texts, as a STOP; undo lifts only the import’s opt-out', async () => {
    // salon 3's Square import (above): Sofia was Unsubscribed
    expect(await optOuts(3)).toContain('+447700900302');
    const sofia = (await (
      await consoleCall(`/api/console/salons/3/clients/${encodeURIComponent('+447700900302')}`, owner3)
    ).json()) as ClientCard;
    expect(sofia.client.opted_out_of_texts).toBe(true);

    const before = await optOuts(1);
    const file =
      'First Name,Last Name,Mobile Number,Marketing Consent\nUna,Noyes,07700 900621,No\nVic,Yates,07700 900622,No\nWin,Ayes,07700 900623,Yes\n';
    const made = await imported(1, file, 'source=generic&kind=clients');
    expect(await optOuts(1)).toEqual([...before, '+447700900621', '+447700900622'].sort());
    // Vic texts STOP after the import: that opt-out is Vic's own now, and stays after undo
    await optOutByText(await dbOf(1), 1, '+447700900622', Date.now() + 1000);
    expect(await (await undo(1, made.import_id)).json()).toMatchObject({ removed: 4 });
    expect(await optOuts(1)).toEqual([...before, '+447700900622'].sort());
  });
});

describe('an import whose Worker stopped part-way', () => {
  it('is failed by the next list instead of running for ever; it can be undone, and its file imported again', async () => {
    const file = 'First Name,Last Name,Mobile Number\nXavi,Stop,07700 900631\n';
    const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(file)))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const db = await dbOf(1);
    const old = Date.now() - 10 * 60_000;
    const dead = await db
      .prepare(
        `INSERT INTO imports (id, salon_id, source, kind, content_sha256, rows, done_rows, created_by, created_at, progress_at)
         VALUES (990001, 1, 'generic', 'clients', ?, 1, 0, 'owner@willow-demo.test', ?, ?) RETURNING id`,
      )
      .bind(hash, old, old)
      .first<{ id: number }>();
    // a running one that moves is left running
    await db
      .prepare(
        `INSERT INTO imports (id, salon_id, source, kind, content_sha256, rows, created_by, created_at, progress_at)
         VALUES (990002, 1, 'generic', 'clients', 'moving', 500, 'owner@willow-demo.test', ?, ?)`,
      )
      .bind(old, Date.now())
      .run();
    const listed = await list(1);
    expect(listed.find((i) => i.id === dead!.id)).toMatchObject({
      status: 'failed',
      undo_until: expect.any(String),
      finished_at: expect.any(String),
    });
    expect(listed.find((i) => i.id === 990002)).toMatchObject({ status: 'running' });
    // the same file again is a new import (the failed one no longer stands for it)
    expect((await preview(1, file)).already_imported).toBeNull();
    const again = await imported(1, file);
    expect(again).toMatchObject({ added: 1, already_imported: false });
    expect(await (await undo(1, dead!.id)).json()).toEqual({ removed: 0 });
    expect((await list(1)).find((i) => i.id === dead!.id)).toMatchObject({ status: 'undone' });
    await db.prepare("UPDATE imports SET status = 'done' WHERE id = 990002").run();
  });

  it('is failed by the five-minute cron too, in every database, so its file imports again before anyone lists', async () => {
    const file = 'First Name,Last Name,Mobile Number\nYara,Cron,07700 900632\n';
    const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(file)))]
      .map((b) => b.toString(16).padStart(2, '0'))
      .join('');
    const db = await dbOf(2); // salon 2's own database
    const old = Date.now() - 10 * 60_000;
    await db.batch([
      db
        .prepare(
          `INSERT INTO imports (id, salon_id, source, kind, content_sha256, rows, done_rows, created_by, created_at, progress_at)
           VALUES (990011, 2, 'generic', 'clients', ?, 1, 0, 'owner@willow-demo.test', ?2, ?2)`,
        )
        .bind(hash, old),
      db
        .prepare(
          `INSERT INTO imports (id, salon_id, source, kind, content_sha256, rows, created_by, created_at, progress_at)
           VALUES (990012, 2, 'generic', 'clients', 'moving-2', 500, 'owner@willow-demo.test', ?, ?)`,
        )
        .bind(old, Date.now()),
    ]);
    // the dead import still stands for its file (the preview does not sweep)
    expect((await preview(2, file)).already_imported).toBe(990011);
    await scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry: () => undefined }, env);
    expect((await preview(2, file)).already_imported).toBeNull();
    const status = async (id: number) =>
      (await db
        .prepare('SELECT status, finished_at FROM imports WHERE id = ?')
        .bind(id)
        .first<{ status: string; finished_at: number | null }>())!;
    expect(await status(990011)).toMatchObject({ status: 'failed', finished_at: expect.any(Number) });
    expect((await status(990012)).status).toBe('running');
    await db.prepare("UPDATE imports SET status = 'done' WHERE id = 990012").run();
  });
});
