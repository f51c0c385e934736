import DOMPurify from 'dompurify';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { linkButton } from '../../components/styles';

const COLLAPSED_PX = 32;

/** The salon's cancellation policy: its HTML sanitised, collapsed with view more / less when taller than 32 px. */
export function CancellationPolicy({ html, agreed, onAgree }: { html: string; agreed?: boolean; onAgree?: (on: boolean) => void }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'],
        ALLOWED_ATTR: ['href'],
      }),
    [html],
  );
  const box = useRef<HTMLDivElement>(null);
  const [tall, setTall] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (box.current) setTall(box.current.scrollHeight > COLLAPSED_PX);
  }, [clean]);

  return (
    <section
      aria-labelledby="policy-title"
      className={css({ bg: 'surface', border: '1px solid', borderColor: 'border', rounded: 'lg', p: '3', mb: '4' })}
    >
      <h2 id="policy-title" className={css({ fontWeight: '700', mb: '1' })}>
        Cancellation policy
      </h2>
      {clean.trim() ? (
        <>
          <div
            id="policy-text"
            ref={box}
            className={css({
              overflow: 'hidden',
              fontSize: 'sm',
              '& ul': { listStyle: 'disc', pl: '5' },
              '& p + p, & p + ul, & ul + p': { mt: '1' },
            })}
            style={tall && !open ? { maxHeight: COLLAPSED_PX, maskImage: 'linear-gradient(to bottom, #000 45%, transparent)' } : undefined}
            // Sanitised above with DOMPurify: only text formatting tags and links survive.
            dangerouslySetInnerHTML={{ __html: clean }}
          />
          {tall && (
            <button type="button" className={linkButton} aria-expanded={open} aria-controls="policy-text" onClick={() => setOpen(!open)}>
              {open ? 'view less' : 'view more'}
            </button>
          )}
        </>
      ) : (
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>This salon has not set a cancellation policy.</p>
      )}
      {onAgree && (
        <label className={css({ display: 'flex', alignItems: 'center', gap: '3', mt: '3', fontWeight: '600', cursor: 'pointer' })}>
          <input
            type="checkbox"
            role="switch"
            checked={!!agreed}
            onChange={(e) => onAgree(e.target.checked)}
            className={css({ w: '5', h: '5', accentColor: 'var(--colors-primary)' })}
          />
          I agree to the cancellation policy
        </label>
      )}
    </section>
  );
}
