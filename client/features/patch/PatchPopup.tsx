import { useEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { PATCH_COPY_CUT } from '../../../shared/constants';
import { cutText } from '../../../shared/text';
import { linkButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../app/SalonContext';
import type { PatchChoice } from '../booking/store';

const DEFAULT_COPY =
  'For your safety, colour services need a recent patch test (an allergy test). If you have had a patch test with us recently and have had no reaction since, your patch test is still valid. If not, or if you are unsure, please book a patch test first.';

/** Asks whether the client's patch test is still valid: exactly one of the two choices, then NEXT. */
export function PatchPopup({ onDone, onCancel }: { onDone: (choice: Exclude<PatchChoice, null>) => void; onCancel: () => void }) {
  const { salon } = useSalon();
  const dialog = useRef<HTMLDialogElement>(null);
  const [choice, setChoice] = useState<PatchChoice>(null);
  const [more, setMore] = useState(false);
  const copy = salon.ncob_patch_test_copy.trim() || DEFAULT_COPY;
  const { short, isCut } = cutText(copy, PATCH_COPY_CUT);

  useEffect(() => {
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby="patch-title"
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      className={css({
        m: 'auto',
        maxW: 'min(480px, calc(100vw - 24px))',
        w: 'full',
        bg: 'surface',
        color: 'text',
        border: '1px solid',
        borderColor: 'border',
        rounded: 'lg',
        p: '4',
        '&::backdrop': { bg: 'rgba(0,0,0,0.55)' },
      })}
    >
      <h2 id="patch-title" className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>
        Patch test
      </h2>
      <p id="patch-copy" className={css({ mb: '2', whiteSpace: 'pre-line' })}>
        {more || !isCut ? copy : short}{' '}
        {isCut && (
          <button type="button" className={linkButton} aria-expanded={more} aria-controls="patch-copy" onClick={() => setMore(!more)}>
            {more ? 'close' : 'read more'}
          </button>
        )}
      </p>
      <p className={css({ fontWeight: '600', mb: '3' })}>Patch tests must be done at least 48 hrs before your appointment</p>
      <fieldset className={css({ border: 'none', display: 'flex', flexDirection: 'column', gap: '2', mb: '4' })}>
        <legend className={css({ srOnly: true })}>Is your patch test still valid?</legend>
        {(
          [
            ['valid', 'Yes, my patch test is still valid'],
            ['needed', 'No, I need a patch test'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={css({ display: 'flex', gap: '3', alignItems: 'center', p: '3', border: '1px solid', borderColor: 'border', rounded: 'md', cursor: 'pointer' })}>
            <input type="radio" name="patch-choice" checked={choice === value} onChange={() => setChoice(value)} className={css({ w: '5', h: '5', accentColor: 'var(--colors-primary)' })} />
            {label}
          </label>
        ))}
      </fieldset>
      <button type="button" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={choice === null} onClick={() => choice && onDone(choice)}>
        NEXT
      </button>
    </dialog>
  );
}
