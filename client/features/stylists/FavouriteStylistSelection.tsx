import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { chooseStylist, toChoice, useBooking } from '../journey';
import { stylistsQuery } from './api';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { StaffChoice } from './StaffChoice';

/** Before the time: a staff member, or 'I don't mind', for each service. */
export function FavouriteStylistSelection() {
  const { salon } = useSalon();
  const { selectedServices, selectedStylists } = useBooking();
  const navigate = useNavigate();
  const ids = selectedServices.map((s) => s.id);
  const stylists = useQuery(stylistsQuery(salon.id, ids));
  const staff = stylists.data;
  const allChosen = selectedServices.every((s) => selectedStylists[s.id] !== undefined);
  return (
    <>
      <PageTitle>Choose your staff</PageTitle>
      {stylists.isPending && <Loading what="staff" />}
      {!staff && stylists.isError && <CallFailed message={stylists.error.message} onRetry={() => void stylists.refetch()} />}
      {staff &&
        selectedServices.map((service) => (
          <StaffChoice
            key={service.id}
            service={service}
            options={staff.find((x) => x.service_id === service.id)?.stylists ?? []}
            chosen={selectedStylists[service.id]?.stylist_id}
            onChoose={(o) => chooseStylist(toChoice(service, o))}
          />
        ))}
      <StickyNext disabled={!allChosen} onNext={() => navigate('/timeselect')} />
    </>
  );
}
