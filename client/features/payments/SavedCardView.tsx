import { css } from '../../../styled-system/css';
import { CardBrandMark } from './CardBrandMark';
import type { SavedCard } from './types';

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  amex: 'AMEX',
  american_express: 'AMEX',
  mastercard: 'MasterCard',
  maestro: 'Maestro',
  mastero: 'Maestro',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const brandName = (brand: string) => BRAND_NAMES[brand.toLowerCase()] ?? brand;
const two = (n: number) => String(n % 100).padStart(2, '0');
/** 12 / 34 */
export const expiryLabel = (c: SavedCard) => `${two(c.exp_month)} / ${two(c.exp_year)}`;

/**
 * The saved card in one compact row: the brand's mark, the number masked but for last4 (four
 * asterisk groups, as the spec shows it) and the expiry. Its name says the brand in words.
 */
export function SavedCardView({ card, expiry = true }: { card: SavedCard; expiry?: boolean }) {
  const brand = brandName(card.brand);
  return (
    <figure
      aria-label={`${brand} card ending ${card.last4}`}
      className={css({
        display: 'flex',
        alignItems: 'center',
        flexWrap: 'wrap',
        columnGap: '3',
        rowGap: '1',
        w: 'full',
        maxW: '420px',
        px: '3',
        py: '2.5',
        mb: '4',
        bg: 'surface',
        border: '1px solid',
        borderColor: 'border',
        rounded: 'md',
      })}
    >
      <CardBrandMark brand={card.brand} />
      <p className={css({ fontFamily: 'mono', fontSize: 'md', whiteSpace: 'nowrap', flex: '1' })} data-testid="card-number">
        **** **** **** {card.last4}
      </p>
      {expiry && (
        <p className={css({ fontSize: 'sm', color: 'textMuted', whiteSpace: 'nowrap' })} data-testid="card-expiry">
          Expires {expiryLabel(card)}
        </p>
      )}
    </figure>
  );
}
