import { useId, useState } from 'react';
import { cutText } from '../../shared/text';
import { linkButton } from './styles';

/** A text cut at `limit` characters with a read more / close toggle. */
export function ReadMore({ text, limit, className }: { text: string; limit: number; className?: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { short, isCut } = cutText(text, limit);
  return (
    <p id={id} className={className}>
      {open || !isCut ? text : short}{' '}
      {isCut && (
        <button type="button" className={linkButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'close' : 'read more'}
        </button>
      )}
    </p>
  );
}
