import { useState } from 'react';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { Avatar } from '../../components/Avatar';
import { card, pageTitle, tabStyle } from '../../components/styles';
import { useAuth } from '../auth';
import { CookieSettingsLink } from '../../components/CookieSettingsLink';
import { useConsent } from '../../lib/consent';
import { ContactDetails } from './ContactDetails';
import { PaymentDetails } from './PaymentDetails';

type Tab = 'payment' | 'contact';

/** my-profile: the client's name and initials (LOGOUT is in the header), and the Contact / Payment tabs. */
export function Profile() {
  const { user } = useAuth();
  const { choice } = useConsent();
  const [tab, setTab] = useState<Tab>('payment');
  if (!user) return null;
  // The tabs pattern: the chosen tab is the one in the tab order; arrow keys move between them.
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const other: Tab = tab === 'contact' ? 'payment' : 'contact';
    setTab(other);
    document.getElementById(`tab-${other}`)?.focus();
  };
  const tabButton = (id: Tab, label: string) => (
    <button
      type="button"
      role="tab"
      id={`tab-${id}`}
      aria-selected={tab === id}
      aria-controls={`panel-${id}`}
      tabIndex={tab === id ? 0 : -1}
      onClick={() => setTab(id)}
      onKeyDown={onKeyDown}
      className={tabStyle}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', my: '4' })}>
        <Avatar name={user.name || user.phone_number} size={48} />
        <h1 className={`${pageTitle} ${css({ flex: '1', my: '0', overflowWrap: 'break-word' })}`}>{user.name || 'Your profile'}</h1>
      </div>
      <div role="tablist" aria-label="Profile" className={css({ display: 'flex', gap: '2', mb: '4' })}>
        {tabButton('contact', 'Contact Details')}
        {tabButton('payment', 'Payment Details')}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className={`${card} ${css({ p: '4' })}`}>
        {tab === 'contact' ? <ContactDetails user={user} /> : <PaymentDetails user={user} />}
      </div>
      <p className={css({ mt: '4' })}>
        <Link to="/my-book">See your bookings</Link>
      </p>
      <p className={css({ mt: '3', fontSize: 'sm' })}>
        Cookies: {choice === 'all' ? 'all accepted' : 'essential only'}. <CookieSettingsLink />
      </p>
    </>
  );
}
