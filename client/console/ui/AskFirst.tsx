import { useState, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Modal } from '../../components/Modal';
import { outlineButton, primaryButton } from '../../components/styles';

/**
 * A button for what cannot be undone (a cancellation that texts the client, a charge, a text
 * sent): pressed, it asks first in a dialog that says what will happen, and acts only on its
 * confirming button. "Keep it"/Escape closes the dialog with nothing done.
 */
export function AskFirst(p: {
  /** the button's words */
  children: ReactNode;
  className: string;
  disabled?: boolean;
  /** the dialog's title: the question */
  question: string;
  /** what will happen, each a sentence ("The client will be texted that it is cancelled.") */
  consequences: string[];
  /** the confirming button's words ("Cancel the appointment") */
  confirm: string;
  /** the button that does nothing ("Keep it") */
  back?: string;
  onConfirm: () => void;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className={p.className} disabled={p.disabled} onClick={() => setAsking(true)}>
        {p.children}
      </button>
      {asking && (
        <Modal title={p.question} onClose={() => setAsking(false)}>
          <ul className={css({ display: 'grid', gap: '1', mb: '4', pl: '5', listStyle: 'disc' })}>
            {p.consequences.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
            <button
              type="button"
              className={primaryButton}
              onClick={() => {
                setAsking(false);
                p.onConfirm();
              }}
            >
              {p.confirm}
            </button>
            {/* the safe choice has the focus, so Enter on a dialog opened by mistake does nothing */}
            <button type="button" className={outlineButton} autoFocus onClick={() => setAsking(false)}>
              {p.back ?? 'Go back'}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
