/**
 * What sets the three themes apart beyond colour: corners, depth and the edges of cards.
 * slick, editorial: square corners, no shadows, hairline rules; neutral, calm: soft round corners
 * and a light warm shadow instead of borders; dark, rich: medium corners, deep shadows and a faint
 * light edge. Panda semantic tokens, switching with <html data-theme> like the colours.
 */
const perTheme = (slick: string, neutral: string, dark: string) => ({ value: { base: slick, _neutralTheme: neutral, _darkTheme: dark } });

export function semanticRadii() {
  return {
    /** cards, panels, the category boxes, the cover picture */
    card: perTheme('2px', '18px', '12px'),
    /** buttons (slick's are nearly square, the others pills) */
    button: perTheme('3px', '9999px', '10px'),
  };
}

export function semanticShadows() {
  return {
    card: perTheme('none', '0 1px 2px rgba(43, 37, 32, 0.06), 0 6px 20px rgba(43, 37, 32, 0.07)', '0 10px 28px rgba(0, 0, 0, 0.45)'),
  };
}

/** The rule between rows of a card (decorative, like the card's edge). */
export const divider = { slick: '#e4e4e7', neutral: '#e2d8ca', dark: '#34343c' } as const;

/** The edge of a card (decorative: a card is not a control, so no contrast minimum applies). */
export const cardBorder = { slick: '#dcdce0', neutral: 'transparent', dark: '#34343c' } as const;
