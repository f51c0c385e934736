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

/** CSS `color-mix(in srgb, a p%, b)`: each channel mixed as it is encoded. */
function mix(a: string, p: number, b: string): string {
  const ch = (hex: string, i: number) => Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return `#${[0, 1, 2]
    .map((i) =>
      Math.round(ch(a, i) * p + ch(b, i) * (1 - p))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

// A state's chip (client/console/ui/StatusChip.tsx) is its words in its colour on a 12% tint of
// that colour over the page's background; an appointment's block is tinted 7% in its edge's
// colour, on which a category's name is written in that colour (DayView.tsx AppointmentBlock).
describe('the chips and the tinted blocks', () => {
  for (const look of [...Object.values(STATUS_LOOK), { label: 'No-show', colour: neutral.danger }]) {
    it(`the ${look.label} chip reads at 4.5:1 on its tint`, () => {
      expect(contrast(look.colour, mix(look.colour, 0.12, neutral.bg))).toBeGreaterThanOrEqual(4.5);
    });
  }
  for (const colour of CATEGORY_COLOURS) {
    it(`${colour}'s words read at 4.5:1 on a block tinted with it, and so does the text`, () => {
      expect(contrast(colour, mix(colour, 0.07, neutral.bg))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(neutral.text, mix(colour, 0.07, neutral.bg))).toBeGreaterThanOrEqual(4.5);
    });
  }
});
