import type { ReactElement } from 'react';

/** Two overlapping circles on a dark card: Mastercard's and Maestro's marks. */
function Circles({ left, right, overlap }: { left: string; right: string; overlap: string }) {
  return (
    <>
      <rect width="40" height="26" rx="4" fill="#252525" />
      <circle cx="16" cy="13" r="7.5" fill={left} />
      <circle cx="24" cy="13" r="7.5" fill={right} />
      <path d="M20 6.7a7.5 7.5 0 0 1 0 12.6a7.5 7.5 0 0 1 0-12.6z" fill={overlap} />
    </>
  );
}

/**
 * Small marks of the card brands (after the schemes' acceptance marks, drawn here so that no
 * image is fetched): 40 x 26 CSS pixels, decorative (the card's name says the brand in words).
 */
const MARKS: Record<string, ReactElement> = {
  visa: (
    <>
      <rect width="40" height="26" rx="4" fill="#1a1f71" />
      <text
        x="20"
        y="17.5"
        textAnchor="middle"
        fill="#fff"
        fontSize="11"
        fontWeight="800"
        fontStyle="italic"
        fontFamily="Arial, sans-serif"
      >
        VISA
      </text>
    </>
  ),
  mastercard: <Circles left="#eb001b" right="#f79e1b" overlap="#ff5f00" />,
  maestro: <Circles left="#eb001b" right="#00a2e5" overlap="#7375cf" />,
  amex: (
    <>
      <rect width="40" height="26" rx="4" fill="#006fcf" />
      <text x="20" y="16.5" textAnchor="middle" fill="#fff" fontSize="8.5" fontWeight="800" fontFamily="Arial, sans-serif">
        AMEX
      </text>
    </>
  ),
};
const ALIASES: Record<string, string> = { american_express: 'amex', mastero: 'maestro' };

/** Any other brand: a plain card with its stripe. */
const GENERIC = (
  <>
    <rect x="0.5" y="0.5" width="39" height="25" rx="3.5" fill="#f4f4f5" stroke="#71717a" />
    <rect x="0.5" y="6" width="39" height="4" fill="#71717a" />
    <rect x="5" y="16" width="14" height="3" rx="1" fill="#a1a1aa" />
  </>
);

export function CardBrandMark({ brand }: { brand: string }) {
  const key = brand.toLowerCase();
  return (
    <svg
      width="40"
      height="26"
      viewBox="0 0 40 26"
      aria-hidden="true"
      focusable="false"
      data-testid="card-brand-mark"
      data-brand={ALIASES[key] ?? key}
    >
      {MARKS[ALIASES[key] ?? key] ?? GENERIC}
    </svg>
  );
}
