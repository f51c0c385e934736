import { useEffect, useId, useRef } from 'react';
import { css } from '../../styled-system/css';
import { chooseConsent, useConsent } from '../lib/consent';
import { linkButton, outlineButton } from './styles';

const CHOICE_LABELS = { essential: 'Essential cookies only', all: 'Accept all cookies' } as const;

/**
 * The cookie banner (docs/booking/accounts-and-money.md §2): on a first visit, and again from 'Cookie
 * settings'. A panel in the flow at the top of the page, not a dialog: it covers nothing (not
 * NEXT, not the navigation) and the page stays usable; its buttons come early in the tab order.
 * `who` names who runs analytics on this page ('the salon', a salon's name).
 */
export function CookieBanner({ who }: { who: string }) {
  const { choice, reopened, reloadAdvised } = useConsent();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened again from 'Cookie settings' (at the foot of the page): bring it into view and focus;
  // once a choice closes it, focus goes back to where it was opened from.
  useEffect(() => {
    if (!reopened) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    heading.current?.scrollIntoView({ block: 'nearest' });
    heading.current?.focus({ preventScroll: true });
    return () => opener?.focus();
  }, [reopened]);

  if (choice && !reopened) {
    if (!reloadAdvised) return null;
    return (
      <p role="status" className={`${panel} ${css({ fontSize: 'sm' })}`}>
        Analytics are off. Their script had already loaded on this page:{' '}
        <button type="button" className={linkButton} onClick={() => window.location.reload()}>
          reload the page
        </button>{' '}
        to remove it completely.
      </p>
    );
  }
  return (
    <section aria-labelledby={headingId} className={panel}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={css({ fontWeight: '700', fontSize: 'sm', outline: 'none' })}>
        Cookies
      </h2>
      <p className={css({ fontSize: 'sm', lineHeight: '1.4', mb: '2' })}>
        We use essential cookies to make booking work. With your permission, {who} also uses analytics cookies to learn how clients find
        these pages.
        {choice && ` You chose: ${CHOICE_LABELS[choice]}.`}
      </p>
      <div className={css({ display: 'flex', gap: '2' })}>
        {(['essential', 'all'] as const).map((c) => (
          <button
            key={c}
            type="button"
            // The same look for both: refusing is as easy as accepting.
            className={`${outlineButton} ${choiceButton}`}
            onClick={() => {
              // The button goes with the banner: on a first visit the focus moves to the page's
              // heading rather than dropping to the page (from 'Cookie settings' it goes back there).
              if (!reopened) focusPageHeading();
              chooseConsent(c);
            }}
          >
            {CHOICE_LABELS[c]}
          </button>
        ))}
      </div>
    </section>
  );
}

/** The screen's own heading (its h1), where a screen reader and the keyboard go on from. */
function focusPageHeading() {
  const h1 = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!h1) return;
  h1.tabIndex = -1;
  h1.focus({ preventScroll: true });
}

const panel = css({
  bg: 'surface',
  color: 'text',
  border: '1px solid',
  borderColor: 'border',
  rounded: 'card',
  // compact: on a 320 px phone it leaves the first services on the first screen (issue 35)
  px: { base: '3', sm: '4' },
  py: { base: '2', sm: '3' },
  mt: '2',
});

const choiceButton = css({
  // side by side at every width, each as wide as the other (refusing is as easy as accepting);
  // on a 320 px phone a label takes two lines rather than the pair two rows
  flex: '1 1 0',
  minH: '10',
  px: '3',
  py: '1',
  lineHeight: '1.2',
  fontSize: { base: 'xs', sm: 'sm' },
  fontWeight: '700',
  letterSpacing: { base: '0', sm: '0.02em' },
  borderColor: 'text',
  _hover: { bg: 'surfaceMuted' },
});
