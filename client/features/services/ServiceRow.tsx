import { useId, useState } from 'react';
import { css } from '../../../styled-system/css';
import { DESCRIPTION_VIEW_MORE_AT } from '../../../shared/constants';
import { formatDurationRange, formatPriceRange, toMinor } from '../../../shared/money';
import { cutText, needsViewMore } from '../../../shared/text';
import type { Service } from '../../../shared/types';
import { Price } from '../../components/Price';
import { linkButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';

interface Props {
  service: Service;
  selected: boolean;
  onToggle: () => void;
}

/** One service: name, duration range, description with view more / less, price or range. */
export function ServiceRow({ service, selected, onToggle }: Props) {
  const { salon } = useSalon();
  const [more, setMore] = useState(false);
  const descId = useId();
  const long = needsViewMore(service.description, DESCRIPTION_VIEW_MORE_AT);
  const price = formatPriceRange(
    toMinor(service.min_price),
    toMinor(service.max_price),
    service.variable_pricing,
    salon.currency,
    salon.country.code,
  );
  return (
    <li
      className={css({
        borderTop: '1px solid {colors.divider}',
        py: '2',
        px: '3',
        bg: selected ? 'surfaceMuted' : 'transparent',
      })}
    >
      <label className={css({ display: 'flex', gap: '3', alignItems: 'flex-start', cursor: 'pointer' })}>
        <input
          type="checkbox"
          checked={selected}
          onChange={onToggle}
          aria-describedby={service.description ? descId : undefined}
          className={css({ w: '6', h: '6', mt: '0', accentColor: 'var(--colors-primary)', flexShrink: 0 })}
        />
        <span className={css({ flex: '1', minW: 0 })}>
          <span className={css({ display: 'block', fontWeight: '600', lineHeight: '1.35', overflowWrap: 'break-word' })}>
            {service.name}
          </span>
          {/* the duration and the price share the line under the name, which keeps the row's whole width */}
          <span
            className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', columnGap: '3' })}
          >
            <span className={css({ fontSize: 'sm', color: 'textMuted' })}>
              {formatDurationRange(service.min_duration, service.max_duration)}
            </span>
            <Price text={price} whole />
          </span>
        </span>
      </label>
      {service.description && (
        <p id={descId} className={css({ fontSize: 'sm', lineHeight: '1.35', color: 'textMuted', mt: '0.5', ml: '9' })}>
          {long && !more ? cutText(service.description, DESCRIPTION_VIEW_MORE_AT).short : service.description}{' '}
          {long && (
            <button type="button" className={linkButton} aria-expanded={more} onClick={() => setMore(!more)}>
              {more ? 'view less' : 'view more'}
              <span className={css({ srOnly: true })}> about {service.name}</span>
            </button>
          )}
        </p>
      )}
    </li>
  );
}
