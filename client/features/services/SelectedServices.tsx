import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { nextStepAfterServices } from '../../../shared/booking-flow';
import { formatMoney } from '../../../shared/money';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { toggleService, totalPrice, useBooking } from '../journey';

/** The sticky list of selected services with the total and NEXT (disabled until one is chosen). */
export function SelectedServices() {
  const { salon } = useSalon();
  const { selectedServices } = useBooking();
  const navigate = useNavigate();
  const total = totalPrice(selectedServices);
  const money = (minor: number) => formatMoney(minor, salon.currency, salon.country.code);
  const totalText = total.max > total.min ? `${money(total.min)} - ${money(total.max)}` : money(total.min);
  const chosen =
    selectedServices.length > 0 ? (
      // One row that scrolls sideways when it is full, so the bar stays low on a phone.
      <ul
        aria-label="Your selection"
        className={css({ listStyle: 'none', display: 'flex', gap: '2', mb: '2', overflowX: 'auto', scrollbarWidth: 'none' })}
      >
        {selectedServices.map((s) => (
          <li
            key={s.id}
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '1',
              bg: 'surfaceMuted',
              rounded: 'full',
              pl: '3',
              pr: '1',
              py: '0.5',
              fontSize: 'sm',
              whiteSpace: 'nowrap',
              flexShrink: 0,
              // never wider than the bar, so a long name's ✕ stays on screen (the name then ends in '…')
              maxW: 'full',
            })}
          >
            <span className={css({ minW: 0, overflow: 'hidden', textOverflow: 'ellipsis' })}>{s.name}</span>
            <button
              type="button"
              aria-label={`Remove ${s.name}`}
              onClick={() => toggleService(s)}
              className={css({
                bg: 'transparent',
                border: 'none',
                color: 'text',
                cursor: 'pointer',
                w: '6',
                h: '6',
                rounded: 'full',
                flexShrink: 0,
              })}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
    ) : null;
  return (
    <StickyNext
      ariaLabel="Selected services"
      above={chosen}
      disabled={selectedServices.length === 0}
      onNext={() => navigate(nextStepAfterServices(selectedServices, salon.ncob_stylists_count))}
    >
      {selectedServices.length > 0 ? (
        <p aria-live="polite" className={css({ lineHeight: '1.3' })}>
          <span className={css({ display: 'block', fontSize: 'xs', color: 'textMuted' })}>Total: </span>
          <span className={css({ display: 'block', fontWeight: '700', fontSize: 'sm', whiteSpace: 'nowrap' })}>{totalText}</span>
        </p>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>Choose one or more services to continue.</p>
      )}
    </StickyNext>
  );
}
