import { css } from '../../../styled-system/css';
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

/** The saved card as a card illustration: brand, the number masked but for last4, expiry. */
export function SavedCardView({ card, expiry = true }: { card: SavedCard; expiry?: boolean }) {
  const brand = brandName(card.brand);
  return (
    <figure
      aria-label={`${brand} card ending ${card.last4}`}
      className={css({
        position: 'relative',
        w: 'full',
        maxW: '340px',
        aspectRatio: '1.586',
        rounded: 'xl',
        p: '5',
        mb: '4',
        color: 'onPrimary',
        bg: 'primary',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        boxShadow: '0 6px 18px rgba(0,0,0,0.18)',
      })}
    >
      <span className={css({ alignSelf: 'flex-end', fontWeight: '800', fontSize: 'lg', letterSpacing: '0.04em' })} data-testid="card-brand">
        {brand}
      </span>
      <p
        className={css({ fontFamily: 'mono', fontSize: { base: 'md', sm: 'xl' }, letterSpacing: '0.12em', whiteSpace: 'nowrap' })}
        data-testid="card-number"
      >
        **** **** **** {card.last4}
      </p>
      {expiry && (
        <p className={css({ fontSize: 'sm' })} data-testid="card-expiry">
          Expires {expiryLabel(card)}
        </p>
      )}
    </figure>
  );
}
