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
});
