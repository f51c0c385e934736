import { css } from '../../../styled-system/css';
import { WELCOME_CUT_DESKTOP, WELCOME_CUT_MOBILE } from '../../../shared/constants';
import { ReadMore } from '../../components/ReadMore';
import { useSalon } from '../../lib/salon-context';

/**
 * The salon's welcome message, cut at 140 characters on mobile and 190 from 768 px (our default
 * text, when the salon has none, whole). Both cuts are
 * in the page and CSS shows the one for the screen (the other is display: none, out of the
 * accessibility tree too), so the server-rendered screen is already right at every width and
 * nothing moves when the app hydrates it.
 */
export function WelcomeText() {
  const { salon } = useSalon();
  const message = salon.ncob_welcome_message.trim();
  // Without a message of the salon's, our own short text is shown whole: cut, it lost the phone number.
  if (!message) {
    return (
      <p className={css({ color: 'textMuted', fontSize: 'sm', lineHeight: '1.4', my: '1.5' })}>
        Please select the services you would like to book, in the order you would like them done. If you need any help, please call the
        salon on <span className={css({ whiteSpace: 'nowrap' })}>{salon.phone}</span>.
      </p>
    );
  }
  return (
    <div className={css({ color: 'textMuted', fontSize: 'sm', lineHeight: '1.4', my: '1.5', whiteSpace: 'pre-line' })}>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        <ReadMore text={message} limit={WELCOME_CUT_MOBILE} />
      </div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <ReadMore text={message} limit={WELCOME_CUT_DESKTOP} />
      </div>
    </div>
  );
}
