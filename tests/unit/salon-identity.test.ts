import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hoursFromStylists, mapLinkOf, unbrokenPostcode } from '../../shared/salon-identity';
import { sniffImage } from '../../worker/media/image-type';

const DIR = 'worker/db/seed/media';
const demoSql = readFileSync('worker/db/seed/demo.sql', 'utf8');
/** Every image demo.sql refers to: key → size. */
const referenced = new Map(
  [...demoSql.matchAll(/\{"key":"([0-9a-f]{32}\.webp)","width":(\d+),"height":(\d+)\}/g)].map((m) => [
    m[1]!,
    { width: Number(m[2]), height: Number(m[3]) },
  ]),
);

describe('the demo images (worker/db/seed/media)', () => {
  it('are exactly the ones demo.sql refers to, each named by the SHA-256 of its bytes', () => {
    const files = readdirSync(DIR).sort();
    expect(files).toEqual([...referenced.keys()].sort());
    for (const file of files) {
      const hash = createHash('sha256')
        .update(readFileSync(`${DIR}/${file}`))
        .digest('hex')
        .slice(0, 32);
      expect(file).toBe(`${hash}.webp`);
    }
  });

  it('are WebP of the size demo.sql states, small enough for a phone (cover ≤ 40 KB, others ≤ 8 KB)', () => {
    for (const [file, size] of referenced) {
      const bytes = readFileSync(`${DIR}/${file}`);
      expect(sniffImage(new Uint8Array(bytes))).toEqual({ type: 'image/webp', ...size });
      expect(bytes.length).toBeLessThanOrEqual(size.width > 600 ? 40 * 1024 : 8 * 1024);
    }
  });
});

describe('opening hours derived from the stylists', () => {
  it("merges the stylists' hours less their breaks, and leaves a day nobody works closed", () => {
    const hours = hoursFromStylists([
      { weekday: 1, start: 600, end: 1140, breaks: [[840, 885]] },
      { weekday: 1, start: 540, end: 1080, breaks: [[780, 840]] },
      { weekday: 2, start: 600, end: 1080, breaks: [[780, 810]] },
      { weekday: 0, start: 600, end: 960, breaks: [] },
    ]);
    expect(hours).toHaveLength(7);
    expect(hours[1]).toEqual([{ open: '09:00', close: '19:00' }]);
    expect(hours[2]).toEqual([
      { open: '10:00', close: '13:00' },
      { open: '13:30', close: '18:00' },
    ]);
    expect(hours[0]).toEqual([{ open: '10:00', close: '16:00' }]);
    expect(hours[3]).toEqual([]);
  });
});

describe('map link', () => {
  it('is a plain Google Maps search of the name and address, and null without an address', () => {
    expect(mapLinkOf({ name: 'A & B', lines: ['1 High St', ''], city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' })).toBe(
      'https://www.google.com/maps/search/?api=1&query=A%20%26%20B%2C%201%20High%20St%2C%20Leeds%2C%20LS1%201AA%2C%20GB',
    );
    expect(mapLinkOf({ name: 'A', lines: ['', ' '], city: '', postcode: '', country: 'GB' })).toBeNull();
  });
});

describe('unbrokenPostcode', () => {
  it("keeps a postcode's two halves on one line, and leaves no space to break at", () => {
    expect(unbrokenPostcode('N1 8ED')).toBe('N1\u00a08ED');
    expect(unbrokenPostcode(' SW1A  1AA ')).toBe('SW1A\u00a01AA');
    expect(unbrokenPostcode('75001')).toBe('75001');
    expect(unbrokenPostcode('')).toBe('');
  });
});
