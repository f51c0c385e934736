import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { THEME_MODES } from '../../shared/constants';
import { palettes } from '../../themes';
import { brandPalette } from '../../themes/brand';
import { contrast } from '../../themes/colour';
import type { Palette } from '../../themes/palette';

// What sets the three themes apart is colour, type and shape (themes/). The colour part is checked
// here, for every theme and for a salon's brand colour as the edge adjusts it (themes/brand.ts),
// so the browser tests run axe on each screen in one theme only (docs/testing.md).

// Text pairs need 4.5:1 (AA, normal text); borders and focus rings 3:1 (non-text contrast).
const TEXT_PAIRS: [keyof Palette, keyof Palette][] = [
  ['text', 'bg'],
  ['text', 'surface'],
  ['text', 'surfaceMuted'],
  ['textMuted', 'bg'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceMuted'],
  ['accent', 'bg'],
  ['accent', 'surface'],
  ['accent', 'surfaceMuted'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['onPrimary', 'primaryActive'],
  ['danger', 'bg'],
  ['danger', 'surface'],
];
const UI_PAIRS: [keyof Palette, keyof Palette][] = [
  ['border', 'bg'],
  ['border', 'surface'],
  ['focus', 'bg'],
  ['focus', 'surface'],
  ['primary', 'bg'],
  ['primary', 'surface'],
  ['primaryHover', 'bg'],
  ['primaryHover', 'surface'],
  ['primaryActive', 'bg'],
  ['primaryActive', 'surface'],
];

describe.each(Object.entries(palettes))('the %s theme meets WCAG 2.2 AA contrast', (_name, palette) => {
  it.each(TEXT_PAIRS)('%s on %s is at least 4.5:1', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(UI_PAIRS)('%s against %s is at least 3:1', (fg, bg) => {
    expect(contrast(palette[fg], palette[bg])).toBeGreaterThanOrEqual(3);
  });
});

// ---------------------------------------------------------------------------------------------
// The pairs the screens actually paint, read from the client's style objects (css({...}) and the
// objects passed to it, Panda's global styles): a colour with the background set beside it (or in
// an enclosing state such as _hover, which keeps the other), and a colour set alone on each
// background a screen paints without text colour of its own (the page's surfaces). Borders and
// outlines are UI parts: 3:1 against those surfaces. A new pair in the code is checked here as
// soon as it is written.

const ROLES = new Set(Object.keys(palettes.slick));
const NAMED: Record<string, string> = { white: '#ffffff', black: '#000000' };
const TEXT_PROPS = new Set(['color']);
const BG_PROPS = new Set(['bg', 'background', 'backgroundColor']);
const UI_PROPS = /^(border|outline)(Top|Bottom|Left|Right|Inline|Block)?(Color)?$/;

interface Use {
  fg: string;
  bg: string | null;
  /** where it is written, for the failure message */
  at: string;
  ui: boolean;
  /** a disabled control: exempt from the minimum (WCAG 1.4.3), still to be legible */
  disabled: boolean;
  console: boolean;
}

/** A colour role (or white/black) named by a style value: 'textMuted', '1px solid {colors.border}'. */
function roleOf(value: string): string | null {
  const token = /\{colors\.([a-zA-Z]+)\}/.exec(value)?.[1] ?? value;
  return ROLES.has(token) || token in NAMED ? token : null;
}

function stylesIn(file: string, text: string): Use[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const uses: Use[] = [];
  const isConsole = file.startsWith('client/console/');
  const walkObject = (obj: ts.ObjectLiteralExpression, inherited: { fg: string | null; bg: string | null; disabled: boolean }) => {
    let fg = inherited.fg;
    let bg = inherited.bg;
    const ui: [string, number][] = [];
    const nested: [ts.ObjectLiteralExpression, string][] = [];
    for (const p of obj.properties) {
      if (!ts.isPropertyAssignment(p)) continue;
      const name = p.name.getText(source).replace(/^['"]|['"]$/g, '');
      const init = p.initializer;
      if (ts.isObjectLiteralExpression(init)) nested.push([init, name]);
      // a value that holds style objects of its own: `bad: css({ ... })`, `x ? {...} : {...}`
      else if (!ts.isStringLiteralLike(init)) ts.forEachChild(init, visit);
      if (!ts.isStringLiteralLike(init)) continue;
      const role = roleOf(init.text);
      if (!role) continue;
      if (TEXT_PROPS.has(name)) fg = role;
      else if (BG_PROPS.has(name)) bg = role;
      else if (UI_PROPS.test(name)) ui.push([role, p.getStart(source)]);
    }
    const at = (pos: number) => `${file}:${source.getLineAndCharacterOfPosition(pos).line + 1}`;
    const disabled = inherited.disabled;
    if (fg && (fg !== inherited.fg || bg !== inherited.bg))
      uses.push({ fg, bg, at: at(obj.getStart(source)), ui: false, disabled, console: isConsole });
    // a background without a text colour of its own: a surface others' text sits on
    if (bg && !fg && bg !== inherited.bg) uses.push({ fg: '', bg, at: at(obj.getStart(source)), ui: false, disabled, console: isConsole });
    for (const [role, pos] of ui) uses.push({ fg: role, bg, at: at(pos), ui: true, disabled, console: isConsole });
    for (const [child, key] of nested) walkObject(child, { fg, bg, disabled: disabled || /disabled/i.test(key) });
  };
  const visit = (node: ts.Node) => {
    // an outermost style object (nested ones are walked with what they inherit)
    if (ts.isObjectLiteralExpression(node) && !ts.isObjectLiteralExpression(node.parent.parent ?? node)) {
      walkObject(node, { fg: null, bg: null, disabled: false });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

const files = readdirSync('client', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f))
  .map((f) => `client/${f}`)
  .concat('panda.config.ts');
const uses = files.flatMap((f) => stylesIn(f, readFileSync(f, 'utf8')));

/**
 * The backgrounds text is painted on without choosing its own: those set with no text colour
 * beside them. A fill in a brand or danger colour always sets its text (onPrimary, white); one
 * without is a picture holding no text (a report's bar).
 */
const SURFACES = [...new Set(uses.filter((u) => !u.fg && u.bg).map((u) => u.bg!))].filter(
  (b) => b !== 'transparent' && !/^(primary|danger)/.test(b),
);

interface Pair {
  fg: string;
  bg: string;
  min: number;
  ui: boolean;
  at: string;
  console: boolean;
}

/** Each pair once for each minimum (the first place it is written), the console's apart. */
function pairsOf(list: Use[]): Pair[] {
  const seen = new Map<string, Pair>();
  for (const u of list) {
    if (!u.fg || u.fg === 'transparent') continue;
    // disabled controls are exempt from the minimum; 3:1 keeps them legible
    const min = u.ui || u.disabled ? 3 : 4.5;
    // a rule in a surface's own colour is decoration, never the only mark of a control
    if (u.ui && /^(bg|surface|surfaceMuted)$/.test(u.fg)) continue;
    // text is read on every surface (a hovered or chosen row too); a border or outline with no
    // background of its own stands against the page and its cards (palette.ts: bg and surface)
    for (const bg of u.bg ? [u.bg] : u.ui ? ['bg', 'surface'] : SURFACES) {
      if (bg === 'transparent' || bg === u.fg) continue;
      const key = `${u.fg} on ${bg} ${min} ${u.console}`;
      if (!seen.has(key)) seen.set(key, { fg: u.fg, bg, min, ui: u.ui, at: u.at, console: u.console });
    }
  }
  return [...seen.values()];
}
/**
 * Borders the scan cannot tell from a control's edge: the edge of something that is not a
 * control, or a mark that is not the only one of a state (WCAG 1.4.11 asks 3:1 of neither).
 */
const DECORATIVE: Record<string, string> = {
  'border on surfaceMuted client/features/my-bookings/Badge.tsx': "a status badge's edge (its words say the status)",
  'border on surfaceMuted client/console/settings/Photos.tsx': "a picture's frame",
};
const PAIRS = pairsOf(uses).filter((p) => !(`${p.fg} on ${p.bg} ${p.at.replace(/:\d+$/, '')}` in DECORATIVE));
const colourOf = (palette: Palette, role: string) => NAMED[role] ?? palette[role as keyof Palette];

describe('the colour pairs the screens paint', () => {
  it('are found in the code (the scan still reads it)', () => {
    const keys = PAIRS.map((p) => `${p.fg} on ${p.bg}`);
    // a few that must be there: body text, buttons, the focus ring, the badge on the bottom bar
    for (const k of [
      'text on bg',
      'textMuted on surfaceMuted',
      'onPrimary on primary',
      'onPrimary on primaryHover',
      'focus on surface',
      'bg on danger',
      'bg on text',
    ])
      expect(keys).toContain(k);
    expect(SURFACES).toEqual(expect.arrayContaining(['bg', 'surface', 'surfaceMuted']));
  });

  describe.each(THEME_MODES)('in the %s theme', (mode) => {
    it.each(PAIRS.map((p) => [`${p.fg} on ${p.bg}`, p] as const))('%s reads at its minimum', (_key, p) => {
      const ratio = contrast(colourOf(palettes[mode], p.fg), colourOf(palettes[mode], p.bg));
      expect(ratio, `${p.fg} on ${p.bg} (${p.at}) is ${ratio.toFixed(2)}:1, under ${p.min}:1`).toBeGreaterThanOrEqual(p.min);
    });
  });

  // A salon's brand colour replaces the accent and primary roles on the booking pages (not the
  // console's), adjusted per theme: the pairs that use those roles, for colours a salon might pick.
  const BRAND_SAMPLES = ['#ffff00', '#000080', '#808080', '#ffffff', '#000000', '#ff0000', '#12d3a7', '#ffc0cb', '#5a3e9b'];
  const BRAND_ROLE = /^(accent|primary|onPrimary|primaryHover|primaryActive)$/;
  // The chosen tab's underline in the brand fill on its muted background: 2.5-2.8:1 for some
  // colours (the brand fill is held 3:1 against bg and surface only, themes/brand.ts); the chosen
  // tab is also marked by that background and by its text's colour and weight.
  const branded = PAIRS.filter(
    (p) => !p.console && (BRAND_ROLE.test(p.fg) || BRAND_ROLE.test(p.bg)) && !(p.ui && p.fg === 'primary' && p.bg === 'surfaceMuted'),
  );
  describe.each(THEME_MODES)('with a brand colour in the %s theme', (mode) => {
    it.each(BRAND_SAMPLES)('%s: every pair with a brand role reads at its minimum', (hex) => {
      const palette = { ...palettes[mode], ...brandPalette(mode, hex) };
      const failing = branded
        .map((p) => ({ ...p, ratio: contrast(colourOf(palette, p.fg), colourOf(palette, p.bg)) }))
        .filter((p) => p.ratio < p.min)
        .map((p) => `${p.fg} on ${p.bg} (${p.at}) ${p.ratio.toFixed(2)}:1 < ${p.min}:1`);
      expect(failing).toEqual([]);
    });
  });
});
