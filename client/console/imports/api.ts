import { queryOptions } from '@tanstack/react-query';
import { CSV_TYPE, XLSX_TYPE, type ImportKind, type ImportSource } from '../../../shared/console/imports';
import { answer, salon, salonCalls } from '../lib/api';

/** Import's calls (docs/console/imports.md): the salon's imports, a file previewed or imported, an import undone. */
export const importsKey = (salonId: number) => ['console', salonId, 'imports'] as const;

const imports = salonCalls.imports;

/** The salon's imports; while one runs, its progress (`running`: asked every second). */
export const importsQuery = (salonId: number, running: (list: { status: string }[] | undefined) => boolean) =>
  queryOptions({
    queryKey: importsKey(salonId),
    queryFn: () => answer(imports.$get({ param: salon(salonId) })),
    refetchInterval: (q) => (running(q.state.data) ? 1000 : false),
  });

export interface ImportChoice {
  source: ImportSource;
  kind: ImportKind;
}

/** The file as the call takes it: its own bytes, its type by its name (Windows calls a CSV an Excel file). */
const fileBody = (file: File) => ({
  headers: { 'Content-Type': /\.xlsx$/i.test(file.name) ? XLSX_TYPE : CSV_TYPE },
  init: { body: file },
});

const query = (o: { choice?: ImportChoice; map?: Record<string, string> }) => ({
  ...o.choice,
  map: o.map ? JSON.stringify(o.map) : undefined,
});

/** What importing the file would do (nothing is written): its columns, rows and refusals. */
export async function previewImport(salonId: number, file: File, o: { choice?: ImportChoice; map?: Record<string, string> }) {
  const preview = await answer(imports.$post({ param: salon(salonId), query: { dry_run: '1', ...query(o) } }, fileBody(file)));
  if (!('headers' in preview)) throw new Error('The import was made instead of previewed');
  return preview;
}

/** Imports the file: the import's id, under way. */
export async function startImport(salonId: number, file: File, o: { choice?: ImportChoice; map?: Record<string, string> }) {
  const made = await answer(imports.$post({ param: salon(salonId), query: query(o) }, fileBody(file)));
  if ('headers' in made) throw new Error('The import was previewed instead of made');
  return made;
}

export const undoImport = (salonId: number, importId: number) =>
  answer(imports[':importId'].$delete({ param: { ...salon(salonId), importId: String(importId) } }));
