import { css } from '../../../styled-system/css';
import type { StylistOption } from '../../../shared/availability';
import { formatMoney, formatPriceRange, toMinor } from '../../../shared/money';
import type { Service } from '../../../shared/types';
import { Avatar } from '../../components/Avatar';
import { radioRow } from '../../components/form-styles';
import { Price } from '../../components/Price';
import { useSalon } from '../../lib/salon-context';

interface Props {
  service: Service;
  options: StylistOption[];
  /** stylist id, null for 'I don't mind', undefined while nothing is chosen */
  chosen: number | null | undefined;
  onChoose: (stylist: StylistOption | null) => void;
  /** what 'I don't mind' says under its name, e.g. '3 available at 10:30 am' */
  anyNote?: string;
}

/** 'I don't mind' before the time: it leaves the most times to choose from (the spec's 'maximum number of time slots'). */
const ANY_BEFORE_TIME = 'The most times to choose from';

/** 'Select a staff member for {service}': 'I don't mind' and each stylist with role and price. */
export function StaffChoice({ service, options, chosen, onChoose, anyNote }: Props) {
  const { salon } = useSalon();
  const money = (major: number) => formatMoney(toMinor(major), salon.currency, salon.country.code);
  const prices = options.map((o) => toMinor(o.price));
  const range = prices.length
    ? formatPriceRange(Math.min(...prices), Math.max(...prices), service.variable_pricing, salon.currency, salon.country.code)
    : '';
  const name = `staff-${service.id}`;
  return (
    // A fieldset is as wide as its content by default (min-inline-size: min-content): minW 0 lets it fit the phone.
    <fieldset
      className={css({
        border: '1px solid',
        borderColor: 'border',
        rounded: 'card',
        bg: 'surface',
        mb: '4',
        overflow: 'hidden',
        minW: 0,
        containerType: 'inline-size',
      })}
    >
      <legend className={css({ float: 'left', w: 'full', fontWeight: '700', p: '3' })}>Select a staff member for {service.name}</legend>
      <label className={radioRow}>
        <input
          type="radio"
          name={name}
          checked={chosen === null}
          onChange={() => onChoose(null)}
          className={css({ w: '5', h: '5', accentColor: 'var(--colors-primary)' })}
        />
        <span
          aria-hidden="true"
          className={css({
            w: '10',
            h: '10',
            rounded: 'full',
            border: '2px dashed',
            borderColor: 'border',
            display: 'grid',
            placeItems: 'center',
            flexShrink: 0,
          })}
        >
          ✱
        </span>
        <span className={nameAndPrice}>
          <span className={css({ flex: '1', minW: 0 })}>
            <span className={css({ display: 'block', fontWeight: '600' })}>I don&apos;t mind</span>
            <span className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}>{anyNote ?? ANY_BEFORE_TIME}</span>
          </span>
          <Price text={range} className={priceBeside} />
        </span>
      </label>
      {options.map((o) => (
        <label key={o.stylist_id} className={radioRow}>
          <input
            type="radio"
            name={name}
            checked={chosen === o.stylist_id}
            onChange={() => onChoose(o)}
            className={css({ w: '5', h: '5', accentColor: 'var(--colors-primary)' })}
          />
          <Avatar name={o.stylist_name} photo={o.stylist_photo} />
          <span className={nameAndPrice}>
            <span className={css({ flex: '1', minW: 0 })}>
              <span className={css({ display: 'block', fontWeight: '600', overflowWrap: 'break-word' })}>{o.stylist_name}</span>
              <span className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}>{o.stylist_role || 'Stylist'}</span>
            </span>
            <Price text={service.variable_pricing ? `from ${money(o.price)}` : money(o.price)} className={priceBeside} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Name and role, with the price beside them; in a narrow list (a 320 px phone) the price goes
 * under them, so that neither is squeezed into a column a word wide.
 */
const nameAndPrice = css({
  flex: '1',
  minW: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  '@container (max-width: 339.98px)': { flexDirection: 'column', alignItems: 'flex-start', gap: '0' },
});
const priceBeside = css({ '@container (max-width: 339.98px)': { textAlign: 'left', maxW: 'none' } });
