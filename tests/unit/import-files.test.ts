import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSV_TYPE, recognise, XLSX_TYPE } from '../../shared/console/imports';
import { phoneReader } from '../../worker/imports/phones';
import { planner, type ClientCandidate, type ServiceCandidate, type VoucherCandidate } from '../../worker/imports/plan';
import { readFile } from '../../worker/imports/read';

/** The fixtures of each source (tests/fixtures/imports/) read as the Worker reads an upload: rows, fixes and refusals. */
async function readFixture(file: string, country = 'GB') {
  const bytes = readFileSync(new URL(`../fixtures/imports/${file}`, import.meta.url));
  let plan: ReturnType<typeof planner> | null = null;
  let what: ReturnType<typeof recognise> | null = null;
  const { hash } = await readFile(
    {
      body: new Blob([bytes]).stream(),
      contentType: file.endsWith('.xlsx') ? XLSX_TYPE : CSV_TYPE,
      contentLength: String(bytes.length),
    },
    (headers) => {
      what = recognise(headers);
      plan = planner({ ...what, headers, phoneOf: phoneReader(country), country });
    },
    (cells, row) => plan!.add(cells, row),
  );
  return { what: what!, hash, ...plan!.finish() };
}

const reasonsOf = (refused: { row: number; column: string; reason: string }[]) => refused.map((r) => [r.row, r.column, r.reason]);

describe('Fresha clients', () => {
  it('normalises phones for the salon’s country, keeps formulas as text, and refuses each bad row with its column', async () => {
    const r = await readFixture('fresha-clients.csv');
    expect(r.what).toEqual({ source: 'fresha', kind: 'clients' });
    expect(r.rows).toBe(13);
    const byRow = new Map((r.candidates as ClientCandidate[]).map((c) => [c.row, c]));
    expect(byRow.get(1)).toMatchObject({
      phone: '+447700900123',
      birthday: '1988-03-14',
      notes: 'Allergic to PPD: patch test every visit',
      fixed: true,
    });
    expect(byRow.get(2)).toMatchObject({ phone: '+447700900124', landline: '+442079460101' });
    expect(byRow.get(3)).toMatchObject({ phone: '+447700900125', email: 'amira.khan@example.test', blocked: true });
    // a formula-looking name stays the text it was
    expect(byRow.get(6)).toMatchObject({ first_name: '=HYPERLINK("http://evil.test")', notes: '@SUM(1+1) note' });
    // a landline only: kept as the client's number, not texted
    expect(byRow.get(13)).toMatchObject({ phone: null, landline: '+442079460102', email: 'isla.king@example.test' });
    expect(reasonsOf(r.refused)).toEqual([
      [7, 'Mobile Number', '“12345” is not a phone number'],
      [8, 'First Name', 'The client has no name'],
      [9, 'Email', '“not-an-email” is not an email address'],
      [10, 'Date of Birth', '“31/02/1990” is not a date'],
      [11, 'Mobile Number', 'The client has no phone number or email'],
      [12, 'Blocked', '“Maybe” is not yes or no'],
    ]);
  });
});

describe('Fresha services', () => {
  it('reads 1h 30m, processing and blocked time after, and " - From" names', async () => {
    const r = await readFixture('fresha-services.csv');
    const byName = new Map((r.candidates as ServiceCandidate[]).map((c) => [c.name, c]));
    expect(byName.get('Restyle Cut')).toMatchObject({ duration: 75, price: 5500, online: true, category: 'Cuts' });
    expect(byName.get('Root Tint')).toMatchObject({ duration: 45, processing: 50 });
    expect(byName.get('Balayage Deluxe')).toMatchObject({ variable_price: true, price: 12000, online: false, duration: 120 });
    expect(byName.get('Express Blow Dry')).toMatchObject({ duration: 40, processing: 0 });
    expect(reasonsOf(r.refused)).toEqual([
      [5, 'Duration', '“forever” is not a duration (write it like 1h 30m or 45m)'],
      [6, 'Service name', 'The service has no name'],
      [7, 'Retail price', '“free” is not a price'],
      [8, 'Extra time', '“20 minutes of nothing” is not an extra time (like 50m processing time after)'],
      [9, 'Online booking', '“Sometimes” is not enabled or disabled'],
    ]);
  });
});

describe('the other sources', () => {
  it('Square: phones with their country code, opt-outs from the subscription status', async () => {
    const r = await readFixture('square-customers.csv');
    expect(r.what).toEqual({ source: 'square', kind: 'clients' });
    const c = r.candidates as ClientCandidate[];
    expect(c.find((x) => x.row === 1)).toMatchObject({ phone: '+447700900301', texts_ok: true, notes: 'Nut allergy' });
    expect(c.find((x) => x.row === 2)).toMatchObject({ texts_ok: false });
    expect(c.find((x) => x.row === 3)).toMatchObject({ phone: '+17185550199' });
    expect(reasonsOf(r.refused)).toEqual([
      [4, 'Email Address', '“ruby.fox@example” is not an email address'],
      [5, 'Phone Number', '“not a phone” is not a phone number'],
    ]);
  });

  it('Vagaro customers (.xlsx): US-ordered dates as the file writes them, a formula cell as the text it showed', async () => {
    const r = await readFixture('vagaro-customers.xlsx');
    expect(r.what).toEqual({ source: 'vagaro', kind: 'clients' });
    const c = r.candidates as ClientCandidate[];
    expect(c.find((x) => x.row === 1)).toMatchObject({ first_name: 'Hannah', phone: '+447700900601', birthday: '1991-07-04' });
    expect(c.find((x) => x.row === 2)).toMatchObject({ birthday: '1985-12-31', landline: '+442079460103' });
    expect(c.find((x) => x.row === 5)).toMatchObject({ first_name: '2' });
    expect(reasonsOf(r.refused)).toEqual([
      [3, 'Cell Phone', '“555” is not a phone number'],
      [4, 'Birthday', '“13/45/2001” is not a date'],
    ]);
  });

  it('Vagaro gift cards (.xlsx) and Phorest vouchers: codes as the client holds them, balances, expiry', async () => {
    const v = await readFixture('vagaro-giftcards.xlsx');
    expect(v.what).toEqual({ source: 'vagaro', kind: 'vouchers' });
    expect(v.candidates[0]).toMatchObject({ code: 'VG77881122', balance: 6000, initial: 10000, expiry: '2029-06-01' });
    expect(reasonsOf(v.refused)).toEqual([
      [3, 'Current Balance', 'Nothing is left on this voucher'],
      [4, 'Current Balance', 'The balance is more than the voucher was worth'],
    ]);
    const p = await readFixture('phorest-vouchers.csv');
    expect(p.what).toEqual({ source: 'phorest', kind: 'vouchers' });
    expect((p.candidates as VoucherCandidate[]).map((c) => [c.code, c.balance, c.expiry])).toEqual([
      ['PH1001A', 4000, '2028-06-01'],
      ['PH1002B', 2500, '2027-07-15'],
      ['PH1004D', 3000, '2021-01-01'],
    ]);
    expect(reasonsOf(p.refused)).toEqual([
      [3, 'Remaining Balance', 'Nothing is left on this voucher'],
      [5, 'Serial Number', '“PH?” is not a voucher code (6 to 32 letters and digits)'],
      [6, 'Remaining Balance', '“lots” is not an amount'],
      [7, 'Expiry Date', '“32/13/2028” is not a date'],
    ]);
  });

  it('a generic file (Booksy copied by hand): full names split, allergies as notes', async () => {
    const r = await readFixture('booksy-clients-generic.csv');
    expect(r.candidates[0]).toMatchObject({ first_name: 'Nina', last_name: 'Patel', notes: 'Latex', phone: '+447700900501' });
    expect(reasonsOf(r.refused)).toEqual([[3, 'Cell', 'The client has no phone number or email']]);
  });

  it('the same bytes give the same hash (the import’s identity)', async () => {
    const [a, b] = await Promise.all([readFixture('fresha-staff.csv'), readFixture('fresha-staff.csv')]);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(b.hash);
  });
});

describe('files refused whole', () => {
  const send = (body: BodyInit, type: string, length?: number) =>
    readFile(
      { body: new Response(body).body, contentType: type, contentLength: length === undefined ? undefined : String(length) },
      () => undefined,
      () => undefined,
    );

  it('over 10 MB: 413 with what to do', async () => {
    await expect(send('x', CSV_TYPE, 11 * 1024 * 1024)).rejects.toMatchObject({ status: 413, message: expect.stringMatching(/split it/) });
    await expect(send('a,b\n'.repeat(3_000_000), CSV_TYPE)).rejects.toMatchObject({ status: 413 });
  });

  it('another type, or a broken workbook', async () => {
    await expect(send('{}', 'application/json')).rejects.toMatchObject({ status: 415 });
    await expect(send('not a zip', XLSX_TYPE)).rejects.toMatchObject({ status: 400 });
  });
});
