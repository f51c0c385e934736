import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ImportPreview, ImportSummary } from '../../../shared/console/imports';
import { QUIET_TODAY } from './console-answers';
import { apiStub } from './render-app';
import { GROUP_OWNER, renderConsole } from './render-console';

const PREVIEW: ImportPreview = {
  source: 'fresha',
  kind: 'clients',
  rows: 13,
  new: 4,
  merged: 3,
  fixed: 5,
  unchanged: 0,
  already_imported: null,
  refused: [
    { row: 7, column: 'Mobile Number', reason: '“12345” is not a phone number' },
    { row: 9, column: 'Email', reason: '=HYPERLINK("x") is not an email address' },
  ],
  preview: [{ row: 1, outcome: 'new', first_name: '=HYPERLINK("http://evil.test")', last_name: 'Smith', phone: '+447700900126' }],
  columns: { first_name: 'First Name' },
  ignored: ['Client ID', 'Gender'],
  headers: ['Client ID', 'First Name', 'Gender'],
  missing: [],
};
const DONE: ImportSummary = {
  id: 5,
  source: 'fresha',
  kind: 'clients',
  rows: 13,
  done_rows: 13,
  added: 4,
  merged: 3,
  refused: 6,
  status: 'done',
  created_by: 'owner@willow-demo.test',
  created_at: new Date().toISOString(),
  finished_at: new Date().toISOString(),
  undone_at: null,
  undo_until: new Date(Date.now() + 6 * 86_400_000).toISOString(),
};
const csv = () => new File(['First Name,Last Name\nA,B\n'], 'export_customer_list.csv', { type: 'application/vnd.ms-excel' });

describe('Import (issue 50)', () => {
  it('is an owner’s place only', async () => {
    apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
    // a manager sent to Import lands on Today instead
    apiStub.answer('GET /api/console/salons/1/today', { json: QUIET_TODAY });
    await renderConsole('/salons/1/import', {
      ...GROUP_OWNER,
      salons: [{ id: 1, name: 'Willow & Co Islington', role: 'manager', group_id: null }],
    });
    await screen.findByRole('navigation');
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Import' })).toBeNull();
  });

  it('previews a file: what it is (correctable), the counts, refused rows with a safe CSV, rows as text', async () => {
    apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
    apiStub.answer('POST /api/console/salons/1/imports?dry_run=1', { json: PREVIEW });
    apiStub.answer('POST /api/console/salons/1/imports?dry_run=1&source=square&kind=clients', { json: { ...PREVIEW, source: 'square' } });
    const { user } = await renderConsole('/salons/1/import');
    await user.upload(await screen.findByLabelText('File'), csv());
    await screen.findByRole('heading', { name: 'What will happen' });
    const counts = screen.getByLabelText('Counts');
    expect(
      within(counts)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['4', '3', '5', '0', '2']);
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement).value).toBe('fresha');
    expect(screen.getByText('Not read: Client ID, Gender')).toBeTruthy();
    const refused = screen.getByRole('table', { name: 'Refused rows' });
    expect(within(refused).getAllByRole('row')[1]!.textContent).toBe('7Mobile Number“12345” is not a phone number');
    // a formula-looking cell shows as the text it is
    expect(
      within(screen.getByRole('table', { name: 'Rows as they will be saved' })).getByText('=HYPERLINK("http://evil.test")'),
    ).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the refused rows (CSV)' });
    expect(link.getAttribute('download')).toBe('refused-rows.csv');
    // the file went as CSV whatever the browser called it
    const sent = apiStub.calls.find((c) => c.path === '/api/console/salons/1/imports?dry_run=1');
    expect(sent).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import 7 rows' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'From' }), 'square');
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'From' }) as HTMLSelectElement).value).toBe('square'));
  });

  it('imports with a progress bar, says what was added, and lists the import with Undo', async () => {
    let imports: ImportSummary[] = [];
    apiStub.answer('GET /api/console/salons/1/imports', () => ({ json: imports }));
    apiStub.answer('POST /api/console/salons/1/imports?dry_run=1', { json: PREVIEW });
    let finish: (v: unknown) => void = () => undefined;
    apiStub.answer('POST /api/console/salons/1/imports?source=fresha&kind=clients', async () => {
      imports = [{ ...DONE, status: 'running', done_rows: 6 }];
      await new Promise((r) => (finish = r));
      imports = [DONE];
      return { json: { import_id: 5, added: 4, merged: 3, refused: 6, already_imported: false } };
    });
    apiStub.answer('DELETE /api/console/salons/1/imports/5', () => {
      imports = [{ ...DONE, status: 'undone', undo_until: null }];
      return { json: { removed: 7 } };
    });
    const { user } = await renderConsole('/salons/1/import');
    await user.upload(await screen.findByLabelText('File'), csv());
    await user.click(await screen.findByRole('button', { name: 'Import 7 rows' }));
    expect(await screen.findByRole('progressbar', { name: 'Importing' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/6 of 13 rows/)).toBeTruthy(), { timeout: 3000 });
    finish(null);
    expect((await screen.findByText('Imported: 4 added, 3 merged, 6 refused.')).getAttribute('role')).toBe('status');
    const list = await screen.findByRole('table');
    await waitFor(() => expect(within(list).getByText('Done')).toBeTruthy());
    let asked = '';
    window.confirm = (q?: string) => ((asked = q ?? ''), true);
    await user.click(within(list).getByRole('button', { name: /Undo/ }));
    expect(asked).toMatch(/^Undo the import of .*merged clients go back to what they were\.$/);
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Undone')).toBeTruthy());
  });

  it('refuses a file over 10 MB before sending it, saying what to do', async () => {
    apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
    const { user } = await renderConsole('/salons/1/import');
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(await screen.findByLabelText('File'), big);
    expect(await screen.findByText(/larger than 10 MB.*split it/)).toBeTruthy();
    expect(apiStub.calls.some((c) => c.method === 'POST' && c.path.includes('imports'))).toBe(false);
  });

  describe('the column mapper of a generic file', () => {
    const GENERIC: ImportPreview = {
      ...PREVIEW,
      source: 'generic',
      kind: 'clients',
      rows: 1,
      new: 1,
      merged: 0,
      fixed: 1,
      preview: [{ row: 1, outcome: 'new', first_name: 'Nina', last_name: '', phone: '+447700900777' }],
      headers: ['Given', 'Family', 'Cell', 'Remarks'],
      columns: { first_name: 'Given', phone: 'Cell' },
      ignored: ['Family', 'Remarks'],
      refused: [],
    };
    const path = (q: Record<string, string>) => `POST /api/console/salons/1/imports?${new URLSearchParams(q).toString()}`;

    it('shows each header with our fields, pre-filled with the API’s guesses; the preview and the import go with the map', async () => {
      apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
      apiStub.answer('POST /api/console/salons/1/imports?dry_run=1', { json: GENERIC });
      const map = {
        first_name: 'Given',
        last_name: 'Family',
        name: '',
        phone: 'Cell',
        landline: '',
        email: '',
        notes: 'Remarks',
        birthday: '',
        blocked: '',
        consent: '',
      };
      const mapped = { dry_run: '1', source: 'generic', kind: 'clients', map: JSON.stringify(map) };
      apiStub.answer(path(mapped), {
        json: { ...GENERIC, columns: { first_name: 'Given', last_name: 'Family', phone: 'Cell', notes: 'Remarks' }, ignored: [] },
      });
      apiStub.answer(path({ source: 'generic', kind: 'clients', map: JSON.stringify(map) }), {
        json: { import_id: 9, added: 1, merged: 0, refused: 0, already_imported: false },
      });
      const { user } = await renderConsole('/salons/1/import');
      await user.upload(await screen.findByLabelText('File'), csv());
      const mapper = await screen.findByRole('group', { name: 'What each column holds' });
      const select = (header: string) => within(mapper).getByRole('combobox', { name: header }) as HTMLSelectElement;
      expect(
        within(mapper)
          .getAllByRole('combobox')
          .map((c) => (c as HTMLSelectElement).value),
      ).toEqual(['first_name', '', 'phone', '']);
      // our fields for clients, by their names
      expect([...select('Given').options].map((o) => o.text)).toEqual([
        'Not read',
        'First name',
        'Last name',
        'Full name',
        'Mobile phone',
        'Landline',
        'Email',
        'Notes (allergies)',
        'Birthday',
        'Blocked',
        'Marketing consent',
      ]);
      await user.selectOptions(select('Family'), 'last_name');
      await user.selectOptions(select('Remarks'), 'notes');
      await user.click(screen.getByRole('button', { name: 'Check again' }));
      await waitFor(() => expect(select('Family').value).toBe('last_name'));
      expect(apiStub.calls.some((c) => `${c.method} ${c.path}` === path(mapped))).toBe(true);
      expect(screen.queryByText(/^Not read:/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Import 1 row' }));
      expect(await screen.findByText('Imported: 1 added, 0 merged, 0 refused.')).toBeTruthy();
      expect(apiStub.unanswered).toEqual([]);
    });

    it('one column goes to one field: choosing a field another column had leaves that one not read', async () => {
      apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
      apiStub.answer('POST /api/console/salons/1/imports?dry_run=1', { json: GENERIC });
      const { user } = await renderConsole('/salons/1/import');
      await user.upload(await screen.findByLabelText('File'), csv());
      const mapper = await screen.findByRole('group', { name: 'What each column holds' });
      await user.selectOptions(within(mapper).getByRole('combobox', { name: 'Remarks' }), 'phone');
      expect((within(mapper).getByRole('combobox', { name: 'Cell' }) as HTMLSelectElement).value).toBe('');
      expect((within(mapper).getByRole('combobox', { name: 'Remarks' }) as HTMLSelectElement).value).toBe('phone');
    });

    it('a column the kind needs is missing: says which, and the import waits for it', async () => {
      apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
      apiStub.answer('POST /api/console/salons/1/imports?dry_run=1', {
        json: { ...GENERIC, kind: 'appointments', columns: {}, preview: [], new: 0, missing: ['date', 'time', 'phone'] },
      });
      const { user } = await renderConsole('/salons/1/import');
      await user.upload(await screen.findByLabelText('File'), csv());
      expect(
        await screen.findByText(
          'The file has no column for Date, Time, Client phone. Choose which column holds it above, then check again.',
        ),
      ).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Choose the missing columns first' }) as HTMLButtonElement).disabled).toBe(true);
      const mapper = screen.getByRole('group', { name: 'What each column holds' });
      expect([...(within(mapper).getByRole('combobox', { name: 'Given' }) as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Not read',
        'Date',
        'Time',
        'Client phone',
        'Client name',
        'Service',
        'Stylist',
      ]);
    });

    it('a recognised file has no mapper until the owner says it is from another system', async () => {
      apiStub.answer('GET /api/console/salons/1/imports', { json: [] });
      apiStub.answer('POST /api/console/salons/1/imports?dry_run=1', { json: PREVIEW });
      const { user } = await renderConsole('/salons/1/import');
      await user.upload(await screen.findByLabelText('File'), csv());
      await screen.findByRole('heading', { name: 'What will happen' });
      expect(screen.queryByRole('group', { name: 'What each column holds' })).toBeNull();
      await user.selectOptions(screen.getByRole('combobox', { name: 'From' }), 'generic');
      const mapper = screen.getByRole('group', { name: 'What each column holds' });
      expect((within(mapper).getByRole('combobox', { name: 'First Name' }) as HTMLSelectElement).value).toBe('first_name');
    });
  });

  it('an import that stopped part-way says so and what to do, and can be undone', async () => {
    apiStub.answer('GET /api/console/salons/1/imports', { json: [{ ...DONE, status: 'failed', done_rows: 600, rows: 1300 }] });
    await renderConsole('/salons/1/import');
    const list = await screen.findByRole('table');
    expect(
      within(list).getByText(
        'Stopped at row 600 of 1300. Undo it to remove what it added, or import the same file again: rows already in are skipped.',
      ),
    ).toBeTruthy();
    expect(within(list).getByRole('button', { name: /Undo/ })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
