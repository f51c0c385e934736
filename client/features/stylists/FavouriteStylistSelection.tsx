import { useNavigate } from 'react-router';
import { fetchStylists, chooseStylist, useBooking } from '../booking';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { useApi } from '../../lib/useApi';
import { StaffChoice } from './StaffChoice';
import { toChoice } from './choices';

/** Before the time: a staff member, or 'I don't mind', for each service. */
export function FavouriteStylistSelection() {
  const { salon } = useSalon();
  const { selectedServices, selectedStylists } = useBooking();
  const navigate = useNavigate();
  const ids = selectedServices.map((s) => s.id);
  const stylists = useApi(`${salon.id}:${ids.join(',')}`, (signal) => fetchStylists(salon.id, ids, signal));
  const allChosen = selectedServices.every((s) => selectedStylists[s.id] !== undefined);
  return (
    <>
      <PageTitle>Choose your staff</PageTitle>
      {stylists.status === 'loading' && <Loading what="staff" />}
      {stylists.status === 'error' && <CallFailed message={stylists.error.message} onRetry={stylists.retry} />}
      {stylists.status === 'ok' &&
        selectedServices.map((service) => (
          <StaffChoice
            key={service.id}
            service={service}
            options={stylists.data.find((x) => x.service_id === service.id)?.stylists ?? []}
            chosen={selectedStylists[service.id]?.stylist_id}
            onChoose={(o) => chooseStylist(toChoice(service, o))}
          />
        ))}
      <StickyNext disabled={!allChosen} onNext={() => navigate('/timeselect')} />
    </>
  );
}
