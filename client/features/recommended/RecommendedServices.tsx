import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { nextStepAfterRecommended } from '../../../shared/booking-flow';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { ServiceRow } from '../services';
import { toggleService, useBooking } from '../journey';
import { recommendedQuery } from './api';

/** 'Select a finishing service:' after a service with processing time. */
export function RecommendedServices() {
  const { salon } = useSalon();
  const { selectedServices } = useBooking();
  const navigate = useNavigate();
  // Recommendations follow the service that has processing time, not ones added here.
  const anchor = selectedServices.filter((s) => s.has_processing_time).map((s) => s.id);
  const recs = useQuery(recommendedQuery(salon.id, anchor));
  const services = recs.data;
  const next = nextStepAfterRecommended(salon.ncob_stylists_count);
  const selectedIds = new Set(selectedServices.map((s) => s.id));
  const chosenHere = services?.filter((s) => selectedIds.has(s.id)).length ?? 0;
  const nothingToRecommend = anchor.length === 0 || services?.length === 0;

  useEffect(() => {
    if (nothingToRecommend) navigate(next, { replace: true });
  }, [nothingToRecommend, navigate, next]);

  return (
    <>
      <PageTitle>Select a finishing service:</PageTitle>
      {recs.isPending && anchor.length > 0 && <Loading what="recommended services" />}
      {!services && recs.isError && <CallFailed message={recs.error.message} onRetry={() => void recs.refetch()} />}
      {services && (
        <ul
          aria-label="Recommended services"
          className={css({
            listStyle: 'none',
            bg: 'surface',
            rounded: 'card',
            border: '1px solid',
            borderColor: 'border',
            overflow: 'hidden',
          })}
        >
          {services.map((s) => (
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
