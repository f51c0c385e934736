import { useLocation } from 'react-router';
import { css } from '../../../styled-system/css';
import { REBOOKING_LINK_DAYS, REBOOKING_TEXTS } from '../../../shared/rebooking';
import { pageTitle } from '../../components/styles';
import { PhoneLink } from './PhoneLink';
import { useRebooking } from './store';

/** The old-link notice: the texted link has expired or was replaced, or this tab has no valid one. */
export function OldLink() {
  const { client } = useRebooking();
  const salon = client?.salon;
  const replaced = (useLocation().state as { replaced?: unknown } | null)?.replaced;
  return (
    <>
      <h1 className={pageTitle}>This link is out of date</h1>
      <p className={css({ mb: '3' })}>{typeof replaced === 'string' ? replaced : REBOOKING_TEXTS.linkExpired}</p>
      <p className={css({ mb: '3', color: 'textMuted', fontSize: 'sm' })}>
        A link works for {REBOOKING_LINK_DAYS} days, and only the newest one the salon sent you.
      </p>
      {salon?.phone && (
        <p>
          You can call {salon.name} on <PhoneLink phone={salon.phone} />.
        </p>
      )}
    </>
  );
}
