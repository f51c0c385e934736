import { MAX_IMPORT_BYTES, MSG_TOO_LARGE, XLSX_TYPE } from '../../shared/console/imports';
import Papa from 'papaparse';
import { AppError } from '../errors';
import { MSG_XLSX_UNREADABLE, readXlsx } from './xlsx';

/**
 * Reads an uploaded file (docs/console/imports.md): the body is read once, chunk by chunk, counted against
 * 10 MB and hashed as it arrives (the hash is the file's identity for idempotency); a CSV is parsed
 * by papaparse row by row, an XLSX's first sheet by ./xlsx.ts (fflate and saxen). Only this module imports the
 * readers, and only the import route (worker/api/console/imports.ts) imports it. Cells are text: nothing is evaluated, a
 * formula cell of a workbook gives the value it last showed.
 */

export type FileType = 'csv' | 'xlsx';

export function fileTypeOf(contentType: string | undefined): FileType {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (t === XLSX_TYPE) return 'xlsx';
  if (t === 'text/csv' || t === 'application/csv' || t === 'text/plain') return 'csv';
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Upload a CSV file (text/csv) or an Excel workbook (.xlsx)', 'file');
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', MSG_TOO_LARGE, 'file');

/** The body's bytes (at most 10 MB) and their SHA-256 (hex), reading the stream once. */
async function bodyOf(body: ReadableStream<Uint8Array> | null, length: string | undefined) {
  if (length !== undefined && Number(length) > MAX_IMPORT_BYTES) throw tooLarge();
  if (!body) throw new AppError('BAD_REQUEST', 'Send the file as the request’s body', 'file');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_IMPORT_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (size === 0) throw new AppError('BAD_REQUEST', 'The file is empty', 'file');
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  chunks.length = 0;
  const hash = [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { bytes, hash };
}

const cellText = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * Reads the file: `onHeader` gets the header row, `onRow` each row after it (numbered from 1), in
 * order. Answers the file's hash.
 */
export async function readFile(
  req: { body: ReadableStream<Uint8Array> | null; contentType: string | undefined; contentLength: string | undefined },
  onHeader: (headers: string[]) => void,
  onRow: (cells: string[], row: number) => void,
): Promise<{ hash: string }> {
  const type = fileTypeOf(req.contentType);
  const { bytes, hash } = await bodyOf(req.body, req.contentLength);
  let row = -1;
  const take = (cells: string[]) => {
    if (cells.every((c) => c.trim() === '')) return;
    if (row < 0) onHeader(cells.map((c) => c.trim()));
    else onRow(cells, row + 1);
    row++;
  };
  if (type === 'csv') {
    // the text once (the bytes go with this scope); papaparse hands over one row at a time
    const text = new TextDecoder().decode(bytes);
    Papa.parse<string[]>(text, {
      header: false,
      skipEmptyLines: 'greedy',
      step: (r) => take(r.data.map(cellText)),
    });
  } else {
    let rows: string[][];
    try {
      // the first sheet; a formula cell gives the value it last showed, never evaluated here
      rows = readXlsx(bytes);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError('BAD_REQUEST', MSG_XLSX_UNREADABLE, 'file');
    }
    for (const r of rows) take(r);
  }
  if (row < 0) throw new AppError('BAD_REQUEST', 'The file has no header row', 'file');
  return { hash };
}
