import DOMPurify from 'dompurify';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import { card, linkButton } from '../../components/styles';
import { SALON_HTML } from '../../../shared/salon-html';

/** The spec folds the policy when it is taller than 32 px (docs/booking/journey.md §5). */
const FOLD_ABOVE_PX = 32;

/**
 * Folded, the policy shows whole lines: the fewest that reach 32 px (two lines of small text),
 * the last one fading out. A policy no taller than that is not folded: view more would add nothing.
 */
function foldedHeight(el: HTMLElement): number {
  const line = parseFloat(getComputedStyle(el).lineHeight) || 20;
  return Math.ceil(FOLD_ABOVE_PX / line) * line;
}

/** A policy that opens with its own 'Cancellation policy' heading would repeat the box's: that part goes. */
function withoutOwnHeading(html: string): string {
  const t = document.createElement('template');
  t.innerHTML = html;
  let first: Element | null = t.content.firstElementChild;
  while (first && first.firstElementChild && first.firstChild === first.firstElementChild) first = first.firstElementChild;
  if (first && /^cancellation policy\s*[.:]?$/i.test(first.textContent?.trim() ?? '')) {
    const parent = first.parentNode;
    first.remove();
    if (parent?.firstChild?.nodeType === Node.TEXT_NODE) parent.firstChild.textContent = parent.firstChild.textContent!.trimStart();
    if (parent && parent !== t.content && !parent.textContent?.trim()) (parent as Element).remove();
  }
  return t.innerHTML;
}

/** The salon's cancellation policy: its HTML sanitised, collapsed with view more / less when taller than 32 px. */
export function CancellationPolicy({ html, agreed, onAgree }: { html: string; agreed?: boolean; onAgree?: (on: boolean) => void }) {
  const clean = useMemo(() => withoutOwnHeading(DOMPurify.sanitize(html, SALON_HTML)), [html]);
  const box = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => {
      const height = foldedHeight(el);
      setFolded(el.scrollHeight > height + 1 ? height : null);
    };
    measure();
    // The width decides the lines: measure again when the box is resized (a phone turned round).
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [clean]);
  const tall = folded !== null;

  return (
    <section aria-labelledby="policy-title" className={`${card} ${css({ p: '3', mb: '4' })}`}>
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
              lineHeight: '1.5',
              '& ul': { listStyle: 'disc', pl: '5' },
              '& p + p, & p + ul, & ul + p': { mt: '1' },
            })}
            style={tall && !open ? { maxHeight: folded, maskImage: 'linear-gradient(to bottom, #000 50%, transparent)' } : undefined}
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
      {/* Nothing to agree to without a policy. */}
      {onAgree && clean.trim() && (
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
