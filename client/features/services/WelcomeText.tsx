import { css } from '../../../styled-system/css';
import { WELCOME_CUT_DESKTOP, WELCOME_CUT_MOBILE } from '../../../shared/constants';
import { ReadMore } from '../../components/ReadMore';
import { useIsMobile } from '../../lib/useMediaQuery';
import { useSalon } from '../../lib/salon-context';

/** The salon's welcome message, cut at 140 characters on mobile and 190 otherwise. */
export function WelcomeText() {
  const { salon } = useSalon();
  const isMobile = useIsMobile();
  const message =
    salon.ncob_welcome_message.trim() ||
    `Please select the services you would like to book, in the order you would like them done. If you need any help, please call the salon on ${salon.phone}.`;
  return (
    <div className={css({ color: 'textMuted', my: '3', whiteSpace: 'pre-line' })}>
      <ReadMore text={message} limit={isMobile ? WELCOME_CUT_MOBILE : WELCOME_CUT_DESKTOP} />
    </div>
  );
}
