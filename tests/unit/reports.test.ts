import { describe, expect, it } from 'vitest';
import { csvCell, previousPeriod, reportQuery, toCsv } from '../../shared/console/reports';

describe('the period a report is compared with', () => {
  it.each([
    [
      { from: '2025-03-01', to: '2025-03-31' },
      { from: '2025-02-01', to: '2025-02-28' },
    ],
    [
      { from: '2025-01-01', to: '2025-12-31' },
      { from: '2024-01-01', to: '2024-12-31' },
    ],
    [
      { from: '2025-01-01', to: '2025-02-28' },
      { from: '2024-11-01', to: '2024-12-31' },
    ],
    [
      { from: '2025-03-03', to: '2025-03-09' },
      { from: '2025-02-24', to: '2025-03-02' },
    ],
    [
      { from: '2025-03-05', to: '2025-03-05' },
      { from: '2025-03-04', to: '2025-03-04' },
    ],
  ])('%j → %j', (q, before) => expect(previousPeriod(q)).toEqual(before));
});

describe('the period asked', () => {
  const issue = (q: unknown) => {
    const r = reportQuery.safeParse(q);
    return r.success ? null : { field: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
  };
  it('names the field at fault', () => {
    expect(issue({ from: '2025-02-30', to: '2025-03-01' })).toEqual({ field: 'from', message: 'from must be a date such as 2026-03-01' });
    expect(issue({ from: '2025-03-02', to: '2025-03-01' })).toEqual({ field: 'to', message: 'to must be on or after from' });
    expect(issue({ from: '2024-01-01', to: '2025-01-01' })?.field).toBe('to');
    expect(issue({ from: '2024-01-01', to: '2024-12-31' })).toBeNull();
  });
});

describe('CSV', () => {
  it('neutralises what a spreadsheet would run, and quotes what needs it', () => {
    expect(['=SUM(A1)', '+1', '-2', '@x', '\tx', 'Ann, Lee', 'say "hi"', 12, -5, null].map(csvCell)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@x",
      "'\tx",
      '"Ann, Lee"',
      '"say ""hi"""',
      '12',
      '-5',
      '',
    ]);
    expect(
      toCsv([
        ['a', 'b'],
        [1, '=x'],
      ]),
    ).toBe("a,b\r\n1,'=x\r\n");
  });
});
