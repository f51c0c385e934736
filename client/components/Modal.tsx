import { useEffect, useId, useRef, type ReactNode } from 'react';
import { css } from '../../styled-system/css';

/**
 * A modal dialog (native <dialog>: focus kept inside, Escape closes; closed, focus goes back). A
 * dialog taller than the screen scrolls inside; its row of actions, marked `data-dialog-actions`,
 * stays at the bottom in view (a phone's 390 × 844 px shows the main action without scrolling).
 */
export function Modal({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => {
      d?.close();
      // The browser hands the focus back to what had it before; when that is gone (the step that
      // opened the dialog has moved on), the screen's heading takes it, not the page body.
      if (document.activeElement === document.body) {
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) {
          heading.tabIndex = -1;
          heading.focus();
        }
      }
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={css({
        m: 'auto',
        maxW: 'min(480px, calc(100vw - 24px))',
        w: 'full',
        bg: 'surface',
        color: 'text',
        border: '1px solid',
        borderColor: 'border',
        rounded: 'card',
        p: '4',
        maxH: 'calc(100dvh - 24px)',
        overflowY: 'auto',
        '&::backdrop': { bg: 'rgba(0,0,0,0.55)' },
        '& [data-dialog-actions]': {
          position: 'sticky',
          bottom: '-4',
          mx: '-4',
          mb: '-4',
          px: '4',
          py: '3',
          bg: 'surface',
          borderTop: '1px solid {colors.border}',
        },
      })}
    >
      <h2 id={titleId} className={css({ fontSize: 'lg', fontWeight: '700', mb: '3' })}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
