import { unzipSync } from 'fflate';
import { Parser } from 'saxen';
import { AppError } from '../errors';

/**
 * Reads the first sheet of an Excel workbook (.xlsx) as rows of text (docs/console/imports.md): the
 * zip opened by fflate, the XML read by saxen. Shared and inline strings are their text, numbers
 * their shortest decimal, booleans true/false, a cell whose number format is a date its day
 * (YYYY-MM-DD); a formula is never evaluated: its cell is the value it last showed (or empty).
 * Rows are as wide as the widest, a missing cell ''. The parts read may unpack to 50 MB at most.
 */

export const MAX_XLSX_UNZIPPED = 50 * 1024 * 1024;
export const MSG_XLSX_UNREADABLE = 'This is not an Excel workbook (.xlsx) that can be read: save it again as .xlsx or CSV';
export const MSG_XLSX_TOO_BIG = 'This workbook unpacks to more than 50 MB: save its first sheet as CSV and import that';

const unreadable = () => new AppError('BAD_REQUEST', MSG_XLSX_UNREADABLE, 'file');

/** The parts named by `want`, inflated; their declared sizes count against the cap (fflate writes no more than a part declares). */
function unzip(bytes: Uint8Array, want: (name: string) => boolean, budget: { left: number }) {
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (!want(f.name)) return false;
        budget.left -= f.originalSize;
        if (budget.left < 0) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    throw tooBig ? new AppError('BAD_REQUEST', MSG_XLSX_TOO_BIG, 'file') : unreadable();
  }
  if (tooBig) throw new AppError('BAD_REQUEST', MSG_XLSX_TOO_BIG, 'file');
  const text = new TextDecoder();
  return (name: string) => (files[name] ? text.decode(files[name]) : undefined);
}

type Open = (name: string, attrs: () => Record<string, string>) => void;
type Text = (text: string) => void;

/** SAX over one part: element names without their prefix (x:c is c); a malformed part refuses the file. */
function sax(xml: string, open: Open, close: (name: string) => void = () => {}, text: Text = () => {}) {
  const local = (n: string) => n.slice(n.indexOf(':') + 1);
  new Parser()
    .on('openTag', (name, attrs, _decode, selfClosing) => {
      open(local(name), attrs);
      if (selfClosing) close(local(name));
    })
    .on('closeTag', (name) => close(local(name)))
    .on('text', (t, decode) => text(decode(t)))
    .on('cdata', text)
    .on('error', () => {
      throw unreadable();
    })
    .parse(xml);
}

/** Excel writes characters XML cannot hold as _xHHHH_. */
const unescape = (s: string) => s.replace(/_x([0-9a-fA-F]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Column letters to an index from 0 (A1 → 0, AB7 → 27); -1 without letters. */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.toUpperCase()) {
    const c = ch.charCodeAt(0);
    if (c < 65 || c > 90) break;
    n = n * 26 + c - 64;
  }
  return n - 1;
}

/** Excel's built-in number formats that show dates (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58,
]);

/** A format code shows a date when, without its quoted text, escapes and [colours], it has d, m or y and no digit placeholders. */
export const isDateFormat = (code: string) => {
  const t = code
    .toLowerCase()
    .replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '')
    .replace('general', '');
  return /[dmy]/.test(t) && !/[0#?]/.test(t);
};

/** A date serial's day: days since 1899-12-30 (or 1904-01-01 in a workbook of the 1904 system). */
const dayOf = (serial: number, d1904: boolean) =>
  new Date(Math.round((serial - (d1904 ? 24107 : 25569)) * 86_400_000)).toISOString().slice(0, 10);

/** The first sheet's rows of cell text. Refuses (400, field `file`) a file that is no workbook or unpacks to over 50 MB. */
export function readXlsx(bytes: Uint8Array): string[][] {
  const budget = { left: MAX_XLSX_UNZIPPED };
  const meta = ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml'];
  const part = unzip(bytes, (n) => meta.includes(n), budget);
  const workbook = part('xl/workbook.xml');
  if (workbook === undefined) throw unreadable();

  // the first sheet in the workbook's order, found through its relationship
  let sheetId: string | undefined;
  let d1904 = false;
  sax(workbook, (name, attrs) => {
    if (name === 'workbookPr') d1904 = ['1', 'true'].includes(attrs()['date1904'] ?? '');
    if (name === 'sheet' && sheetId === undefined) {
      const a = attrs();
      sheetId = Object.entries(a).find(([k]) => k === 'id' || k.endsWith(':id'))?.[1];
    }
  });
  let target: string | undefined;
  sax(part('xl/_rels/workbook.xml.rels') ?? '', (name, attrs) => {
    const a = attrs();
    if (name === 'Relationship' && a['Id'] === sheetId) target = a['Target'];
  });
  const sheetPath = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : 'xl/worksheets/sheet1.xml';

  // shared strings: each <si>'s text runs, without phonetic guides (<rPh>)
  const strings: string[] = [];
  let si: string | null = null;
  let inT = false;
  let inRPh = false;
  sax(
    part('xl/sharedStrings.xml') ?? '<sst/>',
    (name) => {
      if (name === 'si') si = '';
      else if (name === 'rPh') inRPh = true;
      else if (name === 't') inT = true;
    },
    (name) => {
      if (name === 'si') strings.push(unescape(si ?? ''));
      else if (name === 'rPh') inRPh = false;
      else if (name === 't') inT = false;
    },
    (t) => {
      if (inT && !inRPh && si !== null) si += t;
    },
  );

  // styles: which cell formats (the s of a cell) show dates
  const customFormats = new Map<number, string>();
  const dateStyles: boolean[] = [];
  let inCellXfs = false;
  sax(
    part('xl/styles.xml') ?? '<styleSheet/>',
    (name, attrs) => {
      if (name === 'numFmt') customFormats.set(Number(attrs()['numFmtId']), attrs()['formatCode'] ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs()['numFmtId'] ?? 0);
        const custom = customFormats.get(id);
        dateStyles.push(custom !== undefined ? isDateFormat(custom) : DATE_FORMAT_IDS.has(id));
      }
    },
    (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  );

  const sheet = unzip(bytes, (n) => n === sheetPath, budget)(sheetPath);
  if (sheet === undefined) throw unreadable();
  const rows: string[][] = [];
  let row: string[] = [];
  let col = -1;
  let type = 'n';
  let dateStyle = false;
  let value = '';
  let into: 'v' | 't' | null = null;
  sax(
    sheet,
    (name, attrs) => {
      if (name === 'row') {
        row = [];
        col = -1;
      } else if (name === 'c') {
        const a = attrs();
        const at = a['r'] ? columnIndex(a['r']) : -1;
        col = at >= 0 ? at : col + 1;
        type = a['t'] ?? 'n';
        dateStyle = dateStyles[Number(a['s'] ?? 0)] ?? false;
        value = '';
      } else if (name === 'v' || (name === 't' && type === 'inlineStr')) {
        into = name === 'v' ? 'v' : 't';
      }
    },
    (name) => {
      if (name === 'v' || name === 't') into = null;
      else if (name === 'row') rows.push(row);
      else if (name === 'c') {
        let text = value;
        if (type === 's') text = strings[Number(value)] ?? '';
        else if (type === 'inlineStr' || type === 'str') text = unescape(value);
        else if (type === 'b') text = value === '' ? '' : value === '1' ? 'true' : 'false';
        else if (type === 'd') text = value.slice(0, 10);
        else if (type === 'n' && value.trim() !== '') {
          const n = Number(value);
          text = Number.isFinite(n) ? (dateStyle ? dayOf(n, d1904) : String(n)) : value;
        }
        while (row.length < col) row.push('');
        row[col] = text;
      }
    },
    (t) => {
      if (into) value += t;
    },
  );
  const width = rows.reduce((w, r) => Math.max(w, r.length), 0);
  return rows.map((r) => (r.length < width ? [...r, ...Array<string>(width - r.length).fill('')] : r));
}
