import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

/** The calm frame of the signed-out screens: the product's name and one narrow column. */
export function SignInFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={css({ minH: '100dvh', bg: 'surface', py: { base: '6', md: '16' }, px: '3' })}>
      <main
        className={css({
          maxW: '420px',
          mx: 'auto',
          bg: 'bg',
          p: { base: '5', md: '8' },
          rounded: 'lg',
          border: '1px solid',
          borderColor: 'surfaceMuted',
        })}
      >
        <p className={css({ color: 'textMuted', fontWeight: '600', mb: '2' })}>Bookwell salon console</p>
        <h1 className={css({ fontSize: '2xl', fontWeight: '700', mb: '4' })}>{title}</h1>
        {children}
      </main>
    </div>
  );
}
