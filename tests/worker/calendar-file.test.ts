import { describe, expect, it } from 'vitest';
import { calendarFile, fold } from '../../worker/bookings/calendar-file';

const entry = {
  appointmentId: 12,
  title: 'Cut, colour & blow-dry; with "Sam"',
  start: Date.UTC(2026, 11, 3, 9, 30),
  end: Date.UTC(2026, 11, 3, 10, 45),
  location: 'Willow Salon, 1 High St\nLondon',
  description: `Your booking at Willow Salon: 09:30 (Europe/London), ${'é'.repeat(60)}`,
  cancelled: false,
  sequence: 2,
};

/** The file's content lines, unfolded (RFC 5545 3.1). */
const unfolded = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('the booking as an iCalendar file (worker/bookings/calendar-file.ts)', () => {
  it('writes one event in UTC with its UID, sequence and escaped texts', () => {
    const lines = unfolded(calendarFile(entry, Date.UTC(2026, 11, 2, 2, 18, 22)));
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'METHOD:PUBLISH',
        'UID:appointment-12@bookwell',
        'SUMMARY:Cut\\, colour & blow-dry\\; with "Sam"',
        'DTSTAMP:20261202T021822Z',
        'DTSTART:20261203T093000Z',
        'DTEND:20261203T104500Z',
        'SEQUENCE:2',
        'LOCATION:Willow Salon\\, 1 High St\\nLondon',
        'STATUS:CONFIRMED',
        'END:VCALENDAR',
      ]),
    );
    expect(lines.at(-1)).toBe('');
  });

  it('a cancellation is METHOD:CANCEL, STATUS:CANCELLED and one sequence higher', () => {
    const lines = unfolded(calendarFile({ ...entry, cancelled: true }));
    expect(lines).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'STATUS:CANCELLED', 'SEQUENCE:3', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE']));
  });

  it('folds long lines at 75 octets, never inside a character', () => {
    const line = `DESCRIPTION:${'é'.repeat(80)}`;
    const folded = fold(line);
    for (const part of folded.split('\r\n')) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(fold('SHORT:line')).toBe('SHORT:line');
  });
});
