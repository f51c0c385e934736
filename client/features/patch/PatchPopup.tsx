import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { PATCH_COPY_CUT } from '../../../shared/constants';
import { Modal } from '../../components/Modal';
import { ReadMore } from '../../components/ReadMore';
import { primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import type { PatchChoice } from '../journey';

const DEFAULT_COPY =
  'For your safety, colour services need a recent patch test (an allergy test). If you have had a patch test with us recently and have had no reaction since, your patch test is still valid. If not, or if you are unsure, please book a patch test first.';

/** Asks whether the client's patch test is still valid: exactly one of the two choices, then NEXT. */
export function PatchPopup({ onDone, onCancel }: { onDone: (choice: Exclude<PatchChoice, null>) => void; onCancel: () => void }) {
  const { salon } = useSalon();
  const [choice, setChoice] = useState<PatchChoice>(null);
  const copy = salon.ncob_patch_test_copy.trim() || DEFAULT_COPY;

  return (
    <Modal title="Patch test" onClose={onCancel}>
      <ReadMore text={copy} limit={PATCH_COPY_CUT} className={css({ mb: '2', whiteSpace: 'pre-line' })} />
      <p className={css({ fontWeight: '600', mb: '3' })}>Patch tests must be done at least 48 hrs before your appointment</p>
      <fieldset className={css({ border: 'none', display: 'flex', flexDirection: 'column', gap: '2', mb: '4' })}>
        <legend className={css({ srOnly: true })}>Is your patch test still valid?</legend>
        {(
          [
            ['valid', 'Yes, my patch test is still valid'],
            ['needed', 'No, I need a patch test'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className={css({
              display: 'flex',
              gap: '3',
              alignItems: 'center',
              p: '3',
              border: '1px solid',
              borderColor: 'border',
              rounded: 'md',
              cursor: 'pointer',
            })}
          >
            <input
              type="radio"
              name="patch-choice"
              checked={choice === value}
              onChange={() => setChoice(value)}
              className={css({ w: '5', h: '5', accentColor: 'var(--colors-primary)' })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className={`${primaryButton} ${css({ w: 'full' })}`}
        disabled={choice === null}
        onClick={() => choice && onDone(choice)}
      >
        NEXT
      </button>
    </Modal>
  );
}
