/**
 * The colour arithmetic the themes need: WCAG 2.2 contrast, and moving a colour's lightness in
 * OKLCH (a perceptual space: the hue and, where sRGB allows, the chroma stay as they were) until
 * a rule passes. Hand-written rather than a colour library: these few formulas run in the
 * Worker, whose bundle budget has a few KB left, and in the console.
 */

/** A colour as the product stores it: `#rrggbb`, lower case. */
export const HEX_COLOUR = /^#[0-9a-f]{6}$/;

type Rgb = [number, number, number];

function rgbOf(hex: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as Rgb;
}

const toLinear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
const fromLinear = (c: number) => (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);

/** WCAG 2.2 relative luminance of `#rrggbb`. */
export function luminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map(toLinear) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.2 contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** OKLCH: lightness 0–1, chroma, hue in radians (Björn Ottosson's OKLab, 2020). */
interface Lch {
  l: number;
  c: number;
  h: number;
}

function oklchOf(hex: string): Lch {
  const [r, g, b] = rgbOf(hex).map(toLinear) as Rgb;
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  return { l: L, c: Math.hypot(A, B), h: Math.atan2(B, A) };
}

/** Linear sRGB of an OKLCH colour; components outside 0–1 when it is out of the sRGB gamut. */
function linearOf({ l: L, c, h }: Lch): Rgb {
  const A = c * Math.cos(h);
  const B = c * Math.sin(h);
  const l = (L + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m = (L - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s = (L - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

const inGamut = (rgb: Rgb) => rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);

/** `#rrggbb` of an OKLCH colour, its chroma reduced (hue kept) until sRGB can show it. */
function hexOf(lch: Lch): string {
  let rgb = linearOf(lch);
  if (!inGamut(rgb)) {
    let [lo, hi] = [0, lch.c];
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(linearOf({ ...lch, c: mid }))) lo = mid;
      else hi = mid;
    }
    rgb = linearOf({ ...lch, c: lo });
  }
  return `#${rgb
    .map((v) => Math.round(fromLinear(Math.min(1, Math.max(0, v))) * 255))
    .map((v) => v.toString(16).padStart(2, '0'))
    .join('')}`;
}

/** The OKLCH lightness of a colour, 0 (black) to 1 (white). */
export const lightnessOf = (hex: string) => oklchOf(hex).l;

/** The colour with its OKLCH lightness moved by `delta` (clamped to 0–1), hue kept. */
export function shiftLightness(hex: string, delta: number): string {
  const lch = oklchOf(hex);
  return hexOf({ ...lch, l: Math.min(1, Math.max(0, lch.l + delta)) });
}

/**
 * The colour itself when it passes `ok`, else the nearest colour of the same hue that passes,
 * moving its lightness only one way: darker (`darken`) or lighter. Black and white end each way,
 * so a rule that black (or white) passes always finds a colour.
 */
export function nearestPassing(hex: string, darken: boolean, ok: (hex: string) => boolean): string {
  if (ok(hex)) return hex;
  const start = oklchOf(hex);
  const end = darken ? 0 : 1;
  let [near, far] = [start.l, end];
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (ok(hexOf({ ...start, l: mid }))) far = mid;
    else near = mid;
  }
  // rounding to 8-bit channels may land just short: step on until it passes
  for (let l = far; ; l += darken ? -0.002 : 0.002) {
    const found = hexOf({ ...start, l: Math.min(1, Math.max(0, l)) });
    if (ok(found) || l <= 0 || l >= 1) return found;
  }
}
