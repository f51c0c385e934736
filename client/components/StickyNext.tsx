import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { primaryButton } from './styles';

interface Props {
  disabled: boolean;
  onNext: () => void;
  label?: string;
  /** beside NEXT: a summary of the step (a total, the chosen time) */
  children?: ReactNode;
  /** above the NEXT row (the chosen services) */
  above?: ReactNode;
  /** names the bar as a region for screen readers */
  ariaLabel?: string;
}

/** The bar above the bottom navigation that holds NEXT (and a summary of the step). */
export function StickyNext({ disabled, onNext, label = 'NEXT', children, above, ariaLabel }: Props) {
  return (
    <section
      aria-label={ariaLabel}
      className={css({
        position: 'sticky',
        bottom: '60px', // above the bottom navigation (Panda needs literal values)
        mt: '4',
        bg: 'surface',
        borderTop: '1px solid',
        borderColor: 'border',
        px: '3',
        py: '3',
        zIndex: 10,
        boxShadow: '0 -4px 12px rgba(0,0,0,0.08)',
      })}
    >
      {above}
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
        <div className={css({ flex: '1', minW: 0 })}>{children}</div>
        <button type="button" className={`${primaryButton} ${css({ minW: '32' })}`} disabled={disabled} onClick={onNext}>
          {label}
        </button>
      </div>
    </section>
  );
}
