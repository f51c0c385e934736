import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { WELCOME_CUT_DESKTOP, WELCOME_CUT_MOBILE } from '../../../shared/constants';
import { cutText } from '../../../shared/text';
import { linkButton } from '../../components/styles';
import { useIsMobile } from '../../lib/useMediaQuery';
import { useSalon } from '../../app/SalonContext';

/** The salon's welcome message, cut at 140 characters on mobile and 190 otherwise. */
export function WelcomeText() {
  const { salon } = useSalon();
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(false);
  const message =
    salon.ncob_welcome_message.trim() ||
    `Please select the services you would like to book, in the order you would like them done. If you need any help, please call the salon on ${salon.phone}.`;
  const { short, isCut } = cutText(message, isMobile ? WELCOME_CUT_MOBILE : WELCOME_CUT_DESKTOP);
  return (
    <div className={css({ color: 'textMuted', my: '3', whiteSpace: 'pre-line' })}>
      <p id="welcome-text">
        {open || !isCut ? message : short}{' '}
        {isCut && (
          <button type="button" className={linkButton} aria-expanded={open} aria-controls="welcome-text" onClick={() => setOpen(!open)}>
            {open ? 'close' : 'read more'}
          </button>
        )}
      </p>
    </div>
  );
}
