import { css } from '../../../styled-system/css';

/** A salon's phone number as a link that calls it. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={css({ fontWeight: '600', color: 'accent' })}>
      {phone}
    </a>
  );
}
