import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from '../../../shared/zod';
import { css, cx } from '../../../styled-system/css';
import {
  CSV_TYPE,
  IMPORT_KINDS,
  IMPORT_SOURCES,
  KIND_NAMES,
  MAX_IMPORT_BYTES,
  MSG_TOO_LARGE,
  refusedCsv,
  SOURCE_NAMES,
  type ImportCreated,
  type ImportPreview,
  type ImportSummary,
} from '../../../shared/console/imports';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { outlineButton, primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle, table } from '../ui/looks';
import { ActionTable } from '../ui/ActionTable';
import { FormAlert } from '../ui/Field';
import { whenOf } from '../lib/when';
import { ApiError } from '../lib/api';
import { importsKey, importsQuery, previewImport, startImport, undoImport } from './api';
import { ColumnMapper, fieldName, mapOf, mappingOf, type Mapping } from './ColumnMapper';
import { tableScroll } from '../ui/table-scroll';

/**
 * Import (owners; issue 50, docs/console/imports.md): a file from Fresha, Square, Vagaro, Phorest or any
 * other system. The source and kind are recognised from the header and can be corrected; the
 * preview says what each row will do before anything is written; the import follows with a
 * progress bar (it goes on if the page is left: the list below shows it), and can be undone for
 * 7 days.
 */

const choiceSchema = z.object({
  source: z.enum(IMPORT_SOURCES, 'Choose where the file comes from'),
  kind: z.enum(IMPORT_KINDS, 'Choose what the file holds'),
});
type Choice = z.infer<typeof choiceSchema>;

export function Import() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ImportCreated | null>(null);
  const [running, setRunning] = useState<{ started: number } | null>(null);
  /** a generic file's columns as the owner maps them (header → field), for the kind the preview read */
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const form = useForm<Choice>({ resolver: zodResolver(choiceSchema), defaultValues: { source: 'generic', kind: 'clients' } });
  const [source, kind] = form.watch(['source', 'kind']);
  /**
   * The mapper goes with a generic file (or one missing a column its kind needs), for the kind the
   * preview read: another kind is checked again first, and the API guesses its columns anew.
   */
  const maps = (choice: Choice) =>
    preview !== null && mapping !== null && choice.kind === preview.kind && (choice.source === 'generic' || preview.missing.length > 0);
  const mapperShown = maps({ source, kind });
  /** the map the calls send: the owner's mapping while the mapper is shown */
  const mapFor = (choice: Choice) => (maps(choice) ? mapOf(choice.kind, mapping!) : undefined);
  // while an import runs, its progress
  const list = useQuery(importsQuery(salon.id, (data) => !!running || !!data?.some((i) => i.status === 'running')));

  async function check(f: File, choice?: Choice, map?: Record<string, string>) {
    setFailure(null);
    setResult(null);
    setPreview(null);
    try {
      const p = await previewImport(salon.id, f, { choice, map });
      setPreview(p);
      setMapping(mappingOf(p.headers, p.columns));
      form.reset({ source: p.source, kind: p.kind });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFailure(e.message);
    }
  }

  function choose(f: File | undefined) {
    setFileError(null);
    setPreview(null);
    setResult(null);
    if (!f) return setFile(null);
    if (f.size > MAX_IMPORT_BYTES) {
      setFile(null);
      return setFileError(MSG_TOO_LARGE);
    }
    setFile(f);
    void check(f);
  }

  const recheck = form.handleSubmit((choice) => file && check(file, choice, mapFor(choice)));

  async function runImport() {
    if (!file || !preview) return;
    setFailure(null);
    setRunning({ started: Date.now() });
    try {
      const choice = form.getValues();
      const made = await startImport(salon.id, file, { choice, map: mapFor(choice) });
      setResult(made);
      setPreview(null);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFailure(e.status === 0 ? 'The connection dropped: the import goes on, and the list below shows how far it got.' : e.message);
    } finally {
      setRunning(null);
      void queries.invalidateQueries({ queryKey: importsKey(salon.id) });
    }
  }

  const current = list.data?.find((i) => i.status === 'running');

  return (
    <>
      <h1 className={screenTitle}>Import</h1>
      <p className={css({ mb: '4', maxW: '65ch' })}>
        Bring your clients, services, staff, gift cards and future appointments from Fresha, Square, Vagaro, Phorest or any other system.
        You see what each row will do before anything is saved, and you can undo an import for 7 days.
      </p>
      <section aria-labelledby="import-file" className={sectionBox}>
        <h2 id="import-file" className={sectionTitle}>
          Your file
        </h2>
        <Field label="File" hint="A CSV file or an Excel workbook (.xlsx), up to 10 MB" error={fileError ?? undefined}>
          {(a) => (
            <input
              {...a}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => choose(e.target.files?.[0])}
              className={fieldInput}
            />
          )}
        </Field>
        {preview && (
          <form onSubmit={recheck} noValidate>
            <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'end' })}>
              <Field label="From" error={form.formState.errors.source?.message}>
                {(a) => (
                  <select {...a} {...form.register('source')} className={fieldInput}>
                    {IMPORT_SOURCES.map((s) => (
                      <option key={s} value={s}>
                        {SOURCE_NAMES[s]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="It holds" error={form.formState.errors.kind?.message}>
                {(a) => (
                  <select {...a} {...form.register('kind')} className={fieldInput}>
                    {IMPORT_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {KIND_NAMES[k]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            {mapperShown && mapping && (
              <ColumnMapper headers={preview.headers} kind={preview.kind} mapping={mapping} onChange={setMapping} />
            )}
            <button type="submit" className={css({ mt: '3' }) + ' ' + outlineButton} disabled={form.formState.isSubmitting}>
              Check again
            </button>
          </form>
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
      </section>
      {preview && <PreviewOf preview={preview} onImport={() => void runImport()} busy={running !== null} />}
      {(running || current) && <Progress job={current} started={running?.started} />}
      {result && (
        <p role="status" className={css({ mb: '4', fontWeight: '600' })}>
          {result.already_imported
            ? 'This file was imported already: nothing was added.'
            : `Imported: ${result.added} added, ${result.merged} merged, ${result.refused} refused.`}
        </p>
      )}
      <section aria-labelledby="import-list" className={sectionBox}>
        <h2 id="import-list" className={sectionTitle}>
          Your imports
        </h2>
        {list.isPending ? (
          <Loading what="your imports" />
        ) : list.isError ? (
          <CallFailed message={list.error.message} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p>No imports yet.</p>
        ) : (
          <ActionTable
            rows={list.data}
            listKey={importsKey(salon.id)}
            columns={[
              { header: 'When', cell: (i) => whenOf(i.created_at) },
              { header: 'What', cell: (i) => `${KIND_NAMES[i.kind]} from ${SOURCE_NAMES[i.source]}` },
              { header: 'Rows', cell: (i) => `${i.added} added, ${i.merged} merged, ${i.refused} refused` },
              {
                header: 'State',
                cell: (i) => STATE_WORDS[i.status](i),
              },
            ]}
            action={{
              label: 'Undo',
              nameOf: (i) => `the import of ${whenOf(i.created_at)}`,
              confirm: (i) =>
                `Undo the import of ${whenOf(i.created_at)}? What it added is removed and merged clients go back to what they were.`,
              offered: (i) =>
                (i.status === 'done' || i.status === 'failed') && i.undo_until !== null && Date.parse(i.undo_until) > Date.now(),
              run: (i) => undoImport(salon.id, i.id),
            }}
          />
        )}
      </section>
    </>
  );
}

const STATE_WORDS: Record<ImportSummary['status'], (i: ImportSummary) => string> = {
  running: (i) => `Running: ${i.done_rows} of ${i.rows}`,
  done: () => 'Done',
  failed: (i) =>
    `Stopped at row ${i.done_rows} of ${i.rows}. Undo it to remove what it added, or import the same file again: rows already in are skipped.`,
  undone: () => 'Undone',
};

function PreviewOf({ preview: p, onImport, busy }: { preview: ImportPreview; onImport: () => void; busy: boolean }) {
  const csvUrl = useMemo(
    () => (p.refused.length ? URL.createObjectURL(new Blob([refusedCsv(p.refused)], { type: CSV_TYPE })) : null),
    [p.refused],
  );
  useEffect(() => () => (csvUrl ? URL.revokeObjectURL(csvUrl) : undefined), [csvUrl]);
  const fields = Object.keys(p.preview[0] ?? {}).filter((f) => f !== 'row' && f !== 'outcome');
  const nothing = p.new + p.merged === 0;
  const missing = p.missing.length > 0;
  return (
    <section aria-labelledby="import-preview" className={sectionBox}>
      <h2 id="import-preview" className={sectionTitle}>
        What will happen
      </h2>
      <p className={css({ mb: '2' })}>
        {KIND_NAMES[p.kind]} from {SOURCE_NAMES[p.source]}: {p.rows} rows.
      </p>
      <dl
        aria-label="Counts"
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '4',
          mb: '3',
          '& dt': { color: 'textMuted', fontSize: 'sm' },
          '& dd': { fontWeight: '700', fontSize: 'lg' },
        })}
      >
        {(
          [
            ['New', p.new],
            ['Merged', p.merged],
            ['Fixed', p.fixed],
            ['Already here', p.unchanged],
            ['Refused', p.refused.length],
          ] as const
        ).map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {missing && (
        <FormAlert>
          {`The file has no column for ${p.missing.map((f) => fieldName(p.kind, f)).join(', ')}. Choose which column holds it above, then check again.`}
        </FormAlert>
      )}
      {p.already_imported !== null && <p role="status">This file was imported already: importing it again adds nothing.</p>}
      {p.ignored.length > 0 && <p className={css({ color: 'textMuted', fontSize: 'sm', mb: '2' })}>Not read: {p.ignored.join(', ')}</p>}
      {p.refused.length > 0 && (
        <>
          <h3 className={css({ fontWeight: '700', mt: '3', mb: '2' })}>Refused rows</h3>
          <div className={cx(tableScroll, css({ maxH: '320px', overflowY: 'auto' }))}>
            <table className={table} aria-label="Refused rows">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Column</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {p.refused.slice(0, 200).map((r) => (
                  <tr key={`${r.row}-${r.column}`}>
                    <td>{r.row}</td>
                    <td>{r.column}</td>
                    <td>{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {csvUrl && (
            <a href={csvUrl} download="refused-rows.csv" className={css({ display: 'inline-block', mt: '2', textDecoration: 'underline' })}>
              Download the refused rows (CSV)
            </a>
          )}
        </>
      )}
      {p.preview.length > 0 && (
        <>
          <h3 className={css({ fontWeight: '700', mt: '3', mb: '2' })}>The first rows as they will be saved</h3>
          <div className={tableScroll}>
            <table className={table} aria-label="Rows as they will be saved">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Will be</th>
                  {fields.map((f) => (
                    <th key={f} scope="col">
                      {f}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {p.preview.map((r) => (
                  <tr key={String(r.row)}>
                    <td>{String(r.row)}</td>
                    <td>{String(r.outcome)}</td>
                    {fields.map((f) => (
                      <td key={f}>{r[f] === null || r[f] === undefined ? '' : String(r[f])}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <button
        type="button"
        className={css({ mt: '4' }, { display: 'block' }) + ' ' + primaryButton}
        disabled={busy || nothing || missing}
        onClick={onImport}
      >
        {missing
          ? 'Choose the missing columns first'
          : nothing
            ? 'Nothing to import'
            : `Import ${p.new + p.merged} ${p.new + p.merged === 1 ? 'row' : 'rows'}`}
      </button>
    </section>
  );
}

function Progress({ job, started }: { job: ImportSummary | undefined; started: number | undefined }) {
  const first = useRef(started ?? Date.now());
  const done = job?.done_rows ?? 0;
  const total = job?.rows ?? 0;
  const elapsed = (Date.now() - first.current) / 1000;
  const left = done > 0 && total > done ? Math.ceil((elapsed / done) * (total - done)) : null;
  return (
    <section aria-labelledby="import-progress" className={sectionBox}>
      <h2 id="import-progress" className={sectionTitle}>
        Importing
      </h2>
      <progress
        aria-labelledby="import-progress"
        max={total || undefined}
        value={total ? done : undefined}
        className={css({ w: 'full', h: '4' })}
      />
      <p role="status" className={css({ mt: '2' })}>
        {total ? `${done} of ${total} rows` : 'Starting…'}
        {left !== null ? ` · about ${left} s left` : ''}
      </p>
    </section>
  );
}
