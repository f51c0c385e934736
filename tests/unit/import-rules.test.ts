import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  columnsOf,
  csvCell,
  extraTimeOf,
  fromPriceName,
  isoDateOf,
  minorOf,
  minutesOf,
  recognise,
  refusedCsv,
  timeOfDayOf,
} from '../../shared/console/imports';
import { phoneReader } from '../../worker/imports/phones';

const headerOf = (file: string) =>
  readFileSync(new URL(`../fixtures/imports/${file}`, import.meta.url), 'utf8')
    .split('\n')[0]!
    .split(',');

describe('what a file is, from its header', () => {
  it.each([
    ['fresha-clients.csv', 'fresha', 'clients'],
    ['fresha-services.csv', 'fresha', 'services'],
    ['fresha-staff.csv', 'fresha', 'staff'],
    ['square-customers.csv', 'square', 'clients'],
    ['phorest-vouchers.csv', 'phorest', 'vouchers'],
    ['generic-appointments.csv', 'generic', 'appointments'],
    ['booksy-clients-generic.csv', 'generic', 'clients'],
  ])('%s is %s %s', (file, source, kind) => {
    expect(recognise(headerOf(file))).toEqual({ source, kind });
  });

  it('knows Vagaro by its header names, in any order and case', () => {
    expect(recognise(['Email', 'CELL PHONE', 'First Name', 'customer since'])).toEqual({ source: 'vagaro', kind: 'clients' });
    expect(recognise(['Current Balance', 'Card Number'])).toEqual({ source: 'vagaro', kind: 'vouchers' });
  });

  it('reads the columns a mapper names, and says which it ignored', () => {
    const { columns, ignored } = columnsOf('clients', ['Given', 'Family', 'Cell', 'Shoe size'], {
      first_name: 'Given',
      last_name: 'Family',
    });
    expect(columns).toEqual({ first_name: 0, last_name: 1, phone: 2 });
    expect(ignored).toEqual(['Shoe size']);
  });

  it('a mapper’s choice comes before a usual name, a field mapped to nothing is not read, a column goes to one field', () => {
    // Phone is the usual name of the phone; the owner says it holds notes, and the phone is in no column
    const headers = ['Name', 'Phone', 'Mobile'];
    expect(columnsOf('clients', headers, { notes: 'Phone', phone: '' }).columns).toEqual({ name: 0, notes: 1 });
    // without '' the next usual name is taken, never the mapped column
    expect(columnsOf('clients', headers, { notes: 'Phone' }).columns).toEqual({ name: 0, phone: 2, notes: 1 });
  });
});

describe('cells another system wrote', () => {
  it('reads durations', () => {
    expect(minutesOf('1h 30m')).toBe(90);
    expect(minutesOf('45m')).toBe(45);
    expect(minutesOf('2h')).toBe(120);
    expect(minutesOf('1:15')).toBe(75);
    expect(minutesOf('60')).toBe(60);
    expect(minutesOf('forever')).toBeNull();
  });

  it('reads the extra time after a service', () => {
    expect(extraTimeOf('50m processing time after')).toEqual({ minutes: 50, what: 'processing' });
    expect(extraTimeOf('10m blocked time after')).toEqual({ minutes: 10, what: 'blocked' });
    expect(extraTimeOf('20 minutes of nothing')).toBeNull();
  });

  it('reads a " - From" name as a from price', () => {
    expect(fromPriceName('Balayage Deluxe - From')).toEqual({ name: 'Balayage Deluxe', from: true });
    expect(fromPriceName('Cut - Fromage')).toEqual({ name: 'Cut - Fromage', from: false });
  });

  it('reads prices in minor units', () => {
    expect(minorOf('£55.00')).toBe(5500);
    expect(minorOf('1,200.5')).toBe(120050);
    expect(minorOf('free')).toBeNull();
  });

  it('reads dates in the order the file writes them, and refuses dates that do not exist', () => {
    expect(isoDateOf('14/03/1988', 'dmy')).toBe('1988-03-14');
    expect(isoDateOf('07/04/1991', 'mdy')).toBe('1991-07-04');
    expect(isoDateOf('1990-07-22', 'mdy')).toBe('1990-07-22');
    expect(isoDateOf('12 Mar 1990', 'mdy')).toBe('1990-03-12');
    expect(isoDateOf('31/02/1990', 'dmy')).toBeNull();
  });

  it('reads times of day', () => {
    expect(timeOfDayOf('2:30 PM')).toBe(870);
    expect(timeOfDayOf('09:15')).toBe(555);
    expect(timeOfDayOf('25:00')).toBeNull();
  });
});

describe('the refused rows as CSV', () => {
  it('writes a cell that a spreadsheet would take for a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://evil.test")')).toBe(`"'=HYPERLINK(""http://evil.test"")"`);
    for (const lead of ['+', '-', '@']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(refusedCsv([{ row: 3, column: 'Email', reason: '=1+1, no' }])).toBe(`Row,Column,Reason\r\n3,Email,"'=1+1, no"\r\n`);
  });
});

describe('phones, by the countries’ plans', () => {
  const gb = phoneReader('GB');
  it('reads a number however it was typed, in the salon’s country or with another plan’s code', () => {
    for (const typed of ['07700 900123', '+44 7700 900123', '(07700) 900123', '+44 (0)7700 900123', '0044 7700 900123'])
      expect(gb(typed)).toEqual({ e164: '+447700900123', mobile: true });
    expect(gb('+1 718 555 0199')).toEqual({ e164: '+17185550199', mobile: true });
    expect(phoneReader('US')('(718) 555-0199')).toEqual({ e164: '+17185550199', mobile: true });
    expect(phoneReader('AU')('0412 345 678')).toEqual({ e164: '+61412345678', mobile: true });
  });

  it('tells a landline where the plan does, and refuses what cannot be a number', () => {
    expect(gb('020 7946 0101')).toEqual({ e164: '+442079460101', mobile: false });
    expect(phoneReader('IE')('01 234 5678')).toEqual({ e164: '+35312345678', mobile: false });
    for (const bad of ['12345', '555', 'not a phone', '07700 900123 ext 2', '+49 30 1234567']) expect(gb(bad)).toBeNull();
  });
});
