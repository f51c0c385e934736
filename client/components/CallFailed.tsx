import { css } from '../../styled-system/css';
import { outlineButton } from './styles';

/** A failed call: its message and a way to try again, never a blank screen. */
export function CallFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={css({ my: '4', p: '3', border: '1px solid', borderColor: 'danger', rounded: 'md', color: 'danger' })}>
      <p className={css({ mb: '2' })}>{message}</p>
      <button type="button" className={outlineButton} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" className={css({ color: 'textMuted', my: '4' })}>
      Loading {what}…
    </p>
  );
}
