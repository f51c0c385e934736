import { DEFAULT_THEME, type ThemeMode } from '../../shared/constants';
import { avatarInitials } from '../../shared/text';
import { palettes } from '../../themes';
import { brandPalette } from '../../themes/brand';
import { escapeMarkup } from '../escape-markup';

/**
 * A salon's icon as SVG: its initials (as the app's avatar shows them) on a round badge in its
 * theme's button colours (its brand colour's, when it has one). The name is untrusted: only its
 * escaped initials reach the markup.
 */
export function initialsIconSvg(name: string, theme: ThemeMode, brand: string | null = null): string {
  const mode = palettes[theme] ? theme : DEFAULT_THEME;
  const { primary, onPrimary } = brand ? brandPalette(mode, brand) : palettes[mode];
  const initials = avatarInitials(name);
  const size = [18, 18, 14][Array.from(initials).length] ?? 10;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<circle cx="16" cy="16" r="16" fill="${escapeMarkup(primary)}"/>` +
    `<text x="16" y="16" dy=".35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="${escapeMarkup(onPrimary)}">${escapeMarkup(initials)}</text></svg>`
  );
}
