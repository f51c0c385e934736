import { describe, expect, it } from 'vitest';
import { CATEGORY_COLOURS } from '../../../client/console/diary/colours';
import { STATUS_LOOK } from '../../../client/console/lib/format';
import { neutral } from '../../../themes/neutral';
import { contrast } from '../../../themes/colour';

// The diary's status words are 12 px text in their status's colour, on the console's neutral
// theme (an appointment's block is `surface`, the week list `bg`, a hovered block `bg`, the
// shaded hours `surfaceMuted`): every one must read at 4.5:1 (WCAG 1.4.3, issue 56).
describe('the diary’s status colours', () => {
  for (const [status, look] of Object.entries(STATUS_LOOK)) {
    for (const surface of ['bg', 'surface', 'surfaceMuted'] as const) {
      it(`${look.label} (${status}) reads at 4.5:1 on ${surface}`, () => {
        expect(contrast(look.colour, neutral[surface])).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});

// Coloured by service category, the category's name is 12 px words in its colour on the block.
describe('the diary’s category colours', () => {
  for (const colour of CATEGORY_COLOURS) {
    for (const surface of ['bg', 'surface', 'surfaceMuted'] as const) {
      it(`${colour} reads at 4.5:1 on ${surface}`, () => {
        expect(contrast(colour, neutral[surface])).toBeGreaterThanOrEqual(4.5);
      });
    }
  }
});
