import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { card, outlineButton } from '../../components/styles';

/** The voucher code, large and selectable in one tap, with a Copy button where the browser allows it. */
export function VoucherCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  const canCopy = typeof navigator !== 'undefined' && !!navigator.clipboard;
  return (
    <section aria-labelledby="voucher-code-label" className={`${card} ${css({ p: '4', mb: '4', textAlign: 'center' })}`}>
      <h2 id="voucher-code-label" className={css({ fontSize: 'sm', color: 'textMuted', fontWeight: '600' })}>
        Voucher code
      </h2>
      <p
        data-testid="voucher-code"
        className={css({
          fontSize: { base: '2xl', sm: '3xl' },
          fontWeight: '700',
          fontFamily: 'mono',
          letterSpacing: '0.08em',
          userSelect: 'all',
          overflowWrap: 'anywhere',
          my: '2',
        })}
      >
        {code}
      </p>
      {canCopy && (
        <button
          type="button"
          className={outlineButton}
          onClick={() =>
            void navigator.clipboard.writeText(code).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          Copy code
        </button>
      )}
      <p role="status" className={css({ fontSize: 'sm', mt: '2', minH: '5' })}>
        {copied ? 'Copied' : ''}
      </p>
    </section>
  );
}
