import { useQuery } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed } from '../../components/CallFailed';
import { CookieSettingsLink } from '../../components/CookieSettingsLink';
import { PoweredBy } from '../../components/PoweredBy';
import { pageColumn, pageTitle } from '../../components/styles';
import { Landing } from '../../components/Landing';
import { marketingOptOutQuery, verifyBookingQuery } from './api';
import { rowIdOf } from '../../../shared/ids';

const CODE = /^[a-z0-9-]{4,40}$/;

/** The salon a texted link names, as the edge found it (bootstrap `salon`): its name above the page's title. */
interface LinkSalon {
  id: number;
  name: string;
}

function SalonName({ salon }: { salon?: LinkSalon }) {
  const { id } = useParams();
  if (!salon || String(salon.id) !== id) return null;
  return <p className={css({ fontWeight: '600', color: 'textMuted', mb: '1' })}>{salon.name}</p>;
}

/** /verify/{id}/{code}: 'Verifying Your Booking', then confirmed or not found. */
function VerifyBooking({ salon }: { salon?: LinkSalon }) {
  const { id = '', code = '' } = useParams();
  const valid = rowIdOf(id) !== null && CODE.test(code);
  const answer = useQuery(verifyBookingQuery(id, code, valid));
  const verified = answer.data?.bookingStatus === 'verified';
  const notFound = !valid || answer.error?.status === 404 || (answer.isSuccess && !verified);
  return (
    <main className={pageColumn}>
      <SalonName salon={salon} />
      <h1 className={pageTitle}>Verifying Your Booking</h1>
      {valid && answer.isPending && <p role="status">Please wait a moment…</p>}
      {notFound && <p role="alert">Sorry, we are unable to find your Booking</p>}
      {answer.isError && answer.error.status !== 404 && <CallFailed message={answer.error.message} onRetry={() => void answer.refetch()} />}
      {verified && (
        <p role="status" className={css({ fontWeight: '600' })}>
          Thank you, your booking is confirmed.
        </p>
      )}
      <div className={css({ mt: '6' })}>
        <PoweredBy />
        <CookieSettingsLink />
      </div>
    </main>
  );
}

/** /opt-out/verify/{id}/{code}: confirms that the client will get no more marketing texts. */
function MarketingOptOut({ salon }: { salon?: LinkSalon }) {
  const { id = '', code = '' } = useParams();
  const valid = rowIdOf(id) !== null && CODE.test(code);
  const answer = useQuery(marketingOptOutQuery(id, code, valid));
  return (
    <main className={pageColumn}>
      <SalonName salon={salon} />
      <h1 className={pageTitle}>Marketing texts</h1>
      {valid && answer.isPending && <p role="status">Please wait a moment…</p>}
      {(!valid || answer.error?.status === 404) && <p role="alert">Sorry, we are unable to find that link</p>}
      {answer.isError && answer.error.status !== 404 && <CallFailed message={answer.error.message} onRetry={() => void answer.refetch()} />}
      {answer.isSuccess && <p role="status">We have requested your opt out of marketing messages.</p>}
    </main>
  );
}

/** The top-level pages of the platform's own host (docs/booking/journey.md §2 route table); a link's salon, when the edge found it. */
export function LinkPages({ salon }: { salon?: LinkSalon }) {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/verify/:id/:code" element={<VerifyBooking salon={salon} />} />
        <Route path="/opt-out/verify/:id/:code" element={<MarketingOptOut salon={salon} />} />
        <Route path="*" element={<Landing />} />
      </Routes>
    </BrowserRouter>
  );
}
