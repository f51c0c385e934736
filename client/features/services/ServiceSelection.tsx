import { useMemo, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { filterByCategoryQuery, searchServices, visibleCategories } from '../../../shared/service-search';
import { outlineButton, smallOutlineButtonTwoLines } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { SalonIdentity } from '../salon';
import { BuyVoucherLink } from '../vouchers';
import { CategoryList } from './CategoryList';
import { OnlineBookingOff } from './OnlineBookingOff';
import { SelectedServices } from './SelectedServices';
import { ServiceSearch } from './ServiceSearch';
import { WelcomeText } from './WelcomeText';

/** The salon root: welcome text, categories of services, search, the selection and NEXT. */
export function ServiceSelection() {
  const { salon, services } = useSalon();
  const [params] = useSearchParams();
  const { searchQueryId } = useParams();
  const { search } = useLocation();
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState('');

  // ?category= or /search/{name or id}: one category open (an unknown one shows them all)
  const categoryQuery = params.get('category') ?? searchQueryId ?? null;
  const shown = useMemo(
    () => searchServices(filterByCategoryQuery(visibleCategories(services), categoryQuery), query),
    [services, categoryQuery, query],
  );

  if (!salon.online_booking) {
    return (
      <>
        <OnlineBookingOff />
        {salon.group !== null && (
          <a href={`/group/${salon.group}/${search}`} className={`${outlineButton} ${css({ mt: '6', alignSelf: 'flex-start' })}`}>
            CHANGE LOCATION
          </a>
        )}
      </>
    );
  }

  return (
    <>
      <SalonIdentity />
      {/* The title, CHANGE LOCATION and Search share a row (under 360 px CHANGE LOCATION takes two lines), so that
          the first screen of a 390 px phone shows the services with their prices (issue 35). */}
      <div className={css({ display: 'flex', flexWrap: 'wrap', columnGap: '2', rowGap: '2', alignItems: 'center', mt: '2' })}>
        <h1 className={css({ fontSize: { base: 'md', sm: 'lg', md: '2xl' }, fontWeight: '700', flex: '1 0 auto' })}>Select services</h1>
        {salon.group !== null && (
          <a href={`/group/${salon.group}/${search}`} className={smallOutlineButtonTwoLines}>
            CHANGE LOCATION
          </a>
        )}
        <ServiceSearch
          open={searchOpen}
          query={query}
          onOpen={() => setSearchOpen(true)}
          onQuery={setQuery}
          onClear={() => {
            setQuery('');
            setSearchOpen(false);
          }}
        />
      </div>
      <WelcomeText />
      {shown.length > 0 ? (
        <CategoryList categories={shown} />
      ) : (
        <p className={css({ color: 'textMuted', my: '4' })} role="status">
          {query.trim() ? `No services match "${query.trim()}".` : 'This salon has no services to book online yet.'}
        </p>
      )}
      {/* NEXT's bar before the voucher link in the tab order, a Tab or two after the services; on
          screen the link stays above the bar (the bar is ordered last in the column). */}
      <SelectedServices />
      {salon.vouchers && (
        <p className={css({ mt: '4' })}>
          <BuyVoucherLink quiet />
        </p>
      )}
    </>
  );
}
