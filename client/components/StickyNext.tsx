import type { ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { primaryButton } from './styles';

interface Props {
  disabled: boolean;
  onNext: () => void;
  label?: string;
  children?: ReactNode;
}

/** The bar above the bottom navigation that holds NEXT (and a summary of the step). */
export function StickyNext({ disabled, onNext, label = 'NEXT', children }: Props) {
  return (
    <div
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
        display: 'flex',
        alignItems: 'center',
        gap: '3',
        boxShadow: '0 -4px 12px rgba(0,0,0,0.08)',
      })}
    >
      <div className={css({ flex: '1', minW: 0 })}>{children}</div>
      <button type="button" className={`${primaryButton} ${css({ minW: '32' })}`} disabled={disabled} onClick={onNext}>
        {label}
      </button>
    </div>
  );
}
