import { readFileSync } from 'node:fs';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../worker/errors';
import { columnIndex, isDateFormat, MSG_XLSX_TOO_BIG, MSG_XLSX_UNREADABLE, readXlsx } from '../../worker/imports/xlsx';

/** The workbook reader (worker/imports/xlsx.ts) on the fixtures (tests/fixtures/imports/make-xlsx.py) and on workbooks made here. */
const fixture = (file: string) => new Uint8Array(readFileSync(new URL(`../fixtures/imports/${file}`, import.meta.url)));

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A workbook whose sheets are the given XML; the first in the workbook's order is `sheets[0]`, stored as sheet2.xml. */
function workbook(sheetData: string[], extra: Record<string, string> = {}, workbookPr = '') {
  const sheets = sheetData.map((_, i) => `<sheet name="S${i}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const rels = sheetData
    .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${i + 2}.xml"/>`)
    .join('');
  const files: Record<string, Uint8Array> = {
    'xl/workbook.xml': strToU8(`<workbook ${NS} xmlns:r="${REL}">${workbookPr}<sheets>${sheets}</sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</Relationships>`,
    ),
  };
  sheetData.forEach(
    (d, i) => (files[`xl/worksheets/sheet${i + 2}.xml`] = strToU8(`<worksheet ${NS}><sheetData>${d}</sheetData></worksheet>`)),
  );
  for (const [k, v] of Object.entries(extra)) files[k] = strToU8(v);
  return zipSync(files);
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { message: (e as AppError).message, status: (e as AppError).status, field: (e as AppError).field };
  }
  throw new Error('not refused');
};

describe('readXlsx', () => {
  it('reads the Vagaro fixture: shared strings, numbers as text, missing cells empty, a formula as the value it showed', () => {
    const rows = readXlsx(fixture('vagaro-customers.xlsx'));
    expect(rows).toHaveLength(6);
    expect(rows[0]!.slice(0, 3)).toEqual(['First Name', 'Last Name', 'Customer Since']);
    expect(rows[1]).toEqual([
      'Hannah',
      'Moss',
      '01/15/2022',
      '03/02/2026',
      'hannah.moss@example.test',
      '07700 900601',
      '',
      '',
      '1 Road',
      '07/04/1991',
      'None',
      'VIP',
      'Yes',
      '420',
      '0',
    ]);
    expect(rows[5]![0]).toBe('2');
    expect(rows.every((r) => r.length === 15)).toBe(true);
    expect(readXlsx(fixture('vagaro-giftcards.xlsx'))[1]).toEqual([
      'VG-7788-1122',
      '06/01/2026',
      '06/01/2029',
      'Hannah Moss',
      'Ivan Petrov',
      '100',
      '60',
      '',
      'Active',
    ]);
  });

  it('reads the first sheet in the workbook’s order: inline and rich strings, booleans, dates by their format, cells placed by their letters', () => {
    const styles = `<styleSheet ${NS}><numFmts><numFmt numFmtId="164" formatCode="dd/mm/yyyy;@"/><numFmt numFmtId="165" formatCode="&quot;£&quot;#,##0.00"/></numFmts><cellStyleXfs><xf numFmtId="14"/></cellStyleXfs><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`;
    const strings = `<sst ${NS}><si><t>Plain</t></si><si><r><t>Ri</t></r><r><t>ch</t></r><rPh><t>ふりがな</t></rPh></si><si><t>a_x000D_b &amp; c</t></si></sst>`;
    const bytes = workbook(
      [
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="C1" t="inlineStr"><is><t>Inline</t></is></c><c r="AB1" t="b"><v>1</v></c></row>' +
          '<row r="3"><c r="A3" s="1"><v>45292</v></c><c r="B3" s="2"><v>45292.75</v></c><c r="C3" s="3"><v>12.5</v></c><c r="D3" t="s"><v>1</v></c><c r="E3" t="s"><v>2</v></c><c r="F3" t="b"><v>0</v></c><c r="G3" t="str"><f>A1&amp;"!"</f><v>Plain!</v></c><c r="H3"><f>1/0</f></c><c r="I3" t="e"><v>#DIV/0!</v></c><c r="J3"><v>1E-3</v></c></row>',
        '<row r="1"><c r="A1" t="inlineStr"><is><t>second sheet</t></is></c></row>',
      ],
      { 'xl/styles.xml': styles, 'xl/sharedStrings.xml': strings },
    );
    const rows = readXlsx(bytes);
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('Plain');
    expect(rows[0]![1]).toBe('');
    expect(rows[0]![2]).toBe('Inline');
    expect(rows[0]![27]).toBe('true');
    expect(rows[1]!.slice(0, 10)).toEqual([
      '2024-01-01',
      '2024-01-01',
      '12.5',
      'Rich',
      'a\rb & c',
      'false',
      'Plain!',
      '',
      '#DIV/0!',
      '0.001',
    ]);
    expect(rows.every((r) => r.length === 28)).toBe(true);
  });

  it('counts days from 1904 in a workbook of that system', () => {
    const styles = `<styleSheet ${NS}><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`;
    const bytes = workbook(['<row r="1"><c r="A1" s="1"><v>0</v></c></row>'], { 'xl/styles.xml': styles }, '<workbookPr date1904="1"/>');
    expect(readXlsx(bytes)).toEqual([['1904-01-01']]);
  });

  it('tells columns and date formats', () => {
    expect([columnIndex('A1'), columnIndex('Z9'), columnIndex('AA1'), columnIndex('xfd3')]).toEqual([0, 25, 26, 16383]);
    expect(['yyyy-mm-dd', 'd mmm yy', '[$-809]dd mmmm yyyy', 'h:mm AM/PM'].map(isDateFormat)).toEqual([true, true, true, true]);
    expect(['0.00', '#,##0', '"day "0', 'General', '@'].map(isDateFormat)).toEqual([false, false, false, false, false]);
  });

  it('refuses what is no workbook, a malformed sheet, and a part that unpacks to over 50 MB (400, field file)', () => {
    const unreadable = { message: MSG_XLSX_UNREADABLE, status: 400, field: 'file' };
    expect(refusal(() => readXlsx(strToU8('First Name,Last Name\nA,B\n')))).toEqual(unreadable);
    expect(refusal(() => readXlsx(zipSync({ 'word/document.xml': strToU8('<w/>') })))).toEqual(unreadable);
    expect(refusal(() => readXlsx(workbook(['<row><c r="A1"><v>1</v></row>'])))).toEqual(unreadable);
    // 51 MB of zeros deflate to a few dozen KB: refused from the declared size, before inflating
    const bomb = workbook(['<row r="1"><c r="A1"><v>1</v></c></row>']);
    const withBomb = zipSync({ ...unzipSync(bomb), 'xl/sharedStrings.xml': new Uint8Array(51 * 1024 * 1024) });
    expect(withBomb.length).toBeLessThan(1024 * 1024);
    expect(refusal(() => readXlsx(withBomb))).toEqual({ message: MSG_XLSX_TOO_BIG, status: 400, field: 'file' });
  });
});
