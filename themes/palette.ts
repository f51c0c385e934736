/** The colour roles every screen reads; each theme gives every role a value. */
export interface Palette {
  /** page background */
  bg: string;
  /** cards, rows, the header */
  surface: string;
  /** selected rows, chips, hover */
  surfaceMuted: string;
  text: string;
  textMuted: string;
  /** input and card borders (non-text contrast ≥ 3:1 against bg and surface) */
  border: string;
  /** primary buttons, the chosen time, day and category */
  primary: string;
  onPrimary: string;
  /** a primary button under the pointer, and pressed (onPrimary still 4.5:1 on them) */
  primaryHover: string;
  primaryActive: string;
  /** links and small emphasis on bg and surface */
  accent: string;
  /** keyboard focus ring */
  focus: string;
  danger: string;
  /** disabled button fill and text (exempt from contrast rules, still legible) */
  disabled: string;
  onDisabled: string;
}
