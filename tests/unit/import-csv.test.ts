import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvRows } from '../../worker/imports/csv';

/**
 * worker/imports/csv.ts reads an import's CSV as papaparse (which it replaced in the Worker) did
 * with `skipEmptyLines: 'greedy'`: the same rows, cells and guessed delimiter, for the files of
 * other salon systems and for random ones.
 */
const papa = (text: string) => Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' }).data;
const rows = (text: string) => csvRows(text).filter((r) => !r.every((c) => c.trim() === ''));

describe('csvRows', () => {
  it.each([
    ['commas, quotes and a comma inside quotes', 'First name,Last name,Notes\r\nAna,"Silva, Jr","said ""hi"""\r\n'],
    ['semicolons (a European export)', 'Name;Phone;Email\nAna;+447700900123;ana@example.com\nBo;;\n'],
    ['tabs', 'Name\tPrice\nCut\t45.00\nColour\t80.00'],
    ['a line break inside quotes and blank lines', 'a,b\n\n"one\ntwo",3\n  \n4,5\n'],
    ['one column', 'Name\nAna\nBo\n'],
    ['CR line ends', 'a,b\r1,2\r3,4'],
  ])('%s', (_name, text) => {
    expect(rows(text)).toEqual(papa(text));
  });

  it('reads random files as papaparse does', () => {
    let seed = 52;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const pieces = ['a', 'Bo', ' x ', '12.50', '', 'é', '+4477', 'say "hi"', 'one, two', 'l1\nl2'];
    for (let n = 0; n < 300; n++) {
      const d = [',', ';', '\t', '|'][Math.floor(rnd() * 4)]!;
      const width = 1 + Math.floor(rnd() * 5);
      const eol = ['\n', '\r\n'][Math.floor(rnd() * 2)]!;
      const lines = Array.from({ length: 1 + Math.floor(rnd() * 8) }, () =>
        Array.from({ length: width }, () => {
          const p = pieces[Math.floor(rnd() * pieces.length)]!;
          return /[",;\t|\n]/.test(p) || rnd() < 0.2 ? `"${p.replaceAll('"', '""')}"` : p;
        }).join(d),
      );
      const text = lines.join(eol) + (rnd() < 0.5 ? eol : '');
      expect(rows(text), JSON.stringify(text)).toEqual(papa(text));
    }
  });
});
