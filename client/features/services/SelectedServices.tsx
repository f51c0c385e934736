import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { formatMoney } from '../../../shared/money';
import { primaryButton } from '../../components/styles';
import { useSalon } from '../../app/SalonContext';
import { toggleService, totalPrice, useBooking } from '../booking/store';
import { nextStepAfterServices } from '../../../shared/booking-flow';

/** The sticky list of selected services with the total and NEXT (disabled until one is chosen). */
export function SelectedServices() {
  const { salon } = useSalon();
  const { selectedServices } = useBooking();
  const navigate = useNavigate();
  const total = totalPrice(selectedServices);
  const money = (minor: number) => formatMoney(minor, salon.currency, salon.country.code);
  const totalText = total.max > total.min ? `${money(total.min)} - ${money(total.max)}` : money(total.min);
  return (
    <section
      aria-label="Selected services"
      className={css({
        position: 'sticky',
        bottom: '60px', // above the bottom navigation (Panda needs literal values)
        mt: '4',
        bg: 'surface',
        borderTop: '1px solid',
        borderColor: 'border',
        px: '3',
        py: '3',
        zIndex: 10,
        boxShadow: '0 -4px 12px rgba(0,0,0,0.08)',
      })}
    >
      {selectedServices.length > 0 ? (
        <ul aria-label="Your selection" className={css({ listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: '2', mb: '2' })}>
          {selectedServices.map((s) => (
            <li key={s.id} className={css({ display: 'flex', alignItems: 'center', gap: '1', bg: 'surfaceMuted', rounded: 'full', pl: '3', pr: '1', py: '0.5', fontSize: 'sm' })}>
              {s.name}
              <button
                type="button"
                aria-label={`Remove ${s.name}`}
                onClick={() => toggleService(s)}
                className={css({ bg: 'transparent', border: 'none', color: 'text', cursor: 'pointer', w: '7', h: '7', rounded: 'full' })}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>Choose one or more services to continue.</p>
      )}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        {selectedServices.length > 0 && (
          <p className={css({ flex: '1', fontWeight: '700' })} aria-live="polite">
            Total: {totalText}
          </p>
        )}
        <button
          type="button"
          className={`${primaryButton} ${css({ ml: 'auto', minW: '32' })}`}
          disabled={selectedServices.length === 0}
          onClick={() => navigate(nextStepAfterServices(selectedServices, salon.ncob_stylists_count))}
        >
          NEXT
        </button>
      </div>
    </section>
  );
}
