import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { nextStepAfterRecommended } from '../../../shared/booking-flow';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { useApi } from '../../lib/useApi';
import { ServiceRow } from '../services';
import { fetchRecommended, toggleService, useBooking } from '../booking';

/** 'Select a finishing service:' after a service with processing time. */
export function RecommendedServices() {
  const { salon } = useSalon();
  const { selectedServices } = useBooking();
  const navigate = useNavigate();
  // Recommendations follow the service that has processing time, not ones added here.
  const anchor = selectedServices.filter((s) => s.has_processing_time).map((s) => s.id);
  const key = anchor.length ? `${salon.id}:${anchor.join(',')}` : null;
  const recs = useApi(key, (signal) => fetchRecommended(salon.id, anchor, signal));
  const next = nextStepAfterRecommended(salon.ncob_stylists_count);
  const selectedIds = new Set(selectedServices.map((s) => s.id));
  const chosenHere = recs.data?.filter((s) => selectedIds.has(s.id)).length ?? 0;

  useEffect(() => {
    if (key === null || (recs.status === 'ok' && recs.data.length === 0)) navigate(next, { replace: true });
  }, [key, recs.status, recs.data, navigate, next]);

  return (
    <>
      <PageTitle>Select a finishing service:</PageTitle>
      {recs.status === 'loading' && <Loading what="recommended services" />}
      {recs.status === 'error' && <CallFailed message={recs.error.message} onRetry={recs.retry} />}
      {recs.status === 'ok' && (
        <ul
          aria-label="Recommended services"
          className={css({
            listStyle: 'none',
            bg: 'surface',
            rounded: 'lg',
            border: '1px solid',
            borderColor: 'border',
            overflow: 'hidden',
          })}
        >
          {recs.data.map((s) => (
            <ServiceRow key={s.id} service={s} selected={selectedIds.has(s.id)} onToggle={() => toggleService(s)} />
          ))}
        </ul>
      )}
      <StickyNext disabled={false} onNext={() => navigate(next)}>
        <p aria-live="polite" className={css({ fontWeight: '600' })}>
          {chosenHere} selected
        </p>
      </StickyNext>
    </>
  );
}
