import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, imageFileProblem } from '../../shared/images';

// The console checks a chosen file with the upload's own rules before sending it (the Worker then
// checks its bytes: tests/worker/console-photos.test.ts).
describe('a chosen image file, before it is uploaded', () => {
  it.each([
    ['a WebP logo', 'logo', { type: 'image/webp', size: 5000 }, null],
    ['a JPEG cover of exactly 5 MB', 'cover', { type: 'image/jpeg', size: IMAGE_LIMITS.cover }, null],
    ['a GIF', 'logo', { type: 'image/gif', size: 10 }, 'Choose a PNG, JPEG or WebP image.'],
    ['an SVG', 'photo', { type: 'image/svg+xml', size: 10 }, 'Choose a PNG, JPEG or WebP image.'],
    ['a file of no known type', 'photo', { type: '', size: 10 }, 'Choose a PNG, JPEG or WebP image.'],
    ['an empty PNG', 'logo', { type: 'image/png', size: 0 }, 'The file is empty: choose another.'],
    ['a logo over 2 MB', 'logo', { type: 'image/png', size: IMAGE_LIMITS.logo + 1 }, /^The logo must be at most 2 MB/],
    ['a cover over 5 MB', 'cover', { type: 'image/png', size: IMAGE_LIMITS.cover + 1 }, /^The cover must be at most 5 MB/],
    ['a stylist photo over 2 MB', 'photo', { type: 'image/jpeg', size: 3 * 1024 * 1024 }, /^The photo must be at most 2 MB/],
  ] as const)('%s', (_name, slot, file, expected) => {
    const problem = imageFileProblem(slot, file);
    if (expected === null || typeof expected === 'string') expect(problem).toBe(expected);
    else expect(problem).toMatch(expected);
  });
});
