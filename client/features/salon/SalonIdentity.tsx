import { css } from '../../../styled-system/css';
import { unbrokenPostcode } from '../../../shared/salon-identity';
import { useSalon } from '../../lib/salon-context';
import { DAY_NAMES, openingsLabel, useOpeningNow, useSalonWeekday, WEEK } from './opening-hours';

const muted = css({ color: 'textMuted', fontSize: 'sm' });

/**
 * The top of the salon page: its cover picture (from 768 px; on a phone it is the header's
 * background), address, and opening hours with the map link beside them.
 */
export function SalonIdentity() {
  const { salon, today: rendered, renderedAt } = useSalon();
  const today = useSalonWeekday(salon.timezone, rendered);
  const now = useOpeningNow(salon.opening_hours, salon.timezone, renderedAt);
  const address = [salon.address_line_1, salon.address_line_2, [salon.city, unbrokenPostcode(salon.postcode)].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const hasHours = salon.opening_hours.some((d) => d.length > 0);
  return (
    <section aria-label={`About ${salon.name}`} className={css({ mt: { base: '1.5', lg: '4' }, mb: { base: '1.5', md: '4' } })}>
      {salon.cover && (
        <img
          src={salon.cover.url}
          width={salon.cover.width}
          height={salon.cover.height}
          alt={`${salon.name}: cover picture`}
          fetchPriority="high"
          className={css({
            display: { base: 'none', md: 'block' },
            w: 'full',
            h: 'auto',
            aspectRatio: '3 / 1',
            objectFit: 'cover',
            rounded: 'card',
            bg: 'surfaceMuted',
            mb: '2',
          })}
        />
      )}
      {address && <p className={muted}>{address}</p>}
      {(hasHours || salon.map_link) && (
        <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', rowGap: '1', alignItems: 'baseline', mt: '1' })}>
          {hasHours && (
            <details className={css({ minW: '0', '& summary': { cursor: 'pointer', w: 'fit-content' } })}>
              <summary className={muted}>{now ?? 'Opening hours'}</summary>
              <dl
                className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', mt: '1', fontSize: 'sm', maxW: 'sm' })}
              >
                {WEEK.map((d) => (
                  <div key={d} className={css({ display: 'contents', fontWeight: d === today ? '700' : '400' })}>
                    <dt>{DAY_NAMES[d]}</dt>
                    <dd className={css({ color: d === today ? 'text' : 'textMuted' })}>{openingsLabel(salon.opening_hours[d])}</dd>
                  </div>
                ))}
              </dl>
            </details>
          )}
          {salon.map_link && (
            <a href={salon.map_link} target="_blank" rel="noopener noreferrer" className={css({ fontSize: 'sm', fontWeight: '600' })}>
              Map<span className={css({ srOnly: true })}> of {salon.name} (opens in a new tab)</span>
            </a>
          )}
        </div>
      )}
    </section>
  );
}
