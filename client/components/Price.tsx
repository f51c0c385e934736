import { css } from '../../styled-system/css';

const piece = css({ whiteSpace: 'nowrap' });

/**
 * A price or price range ('£75.00 - £85.00', 'from £60.00') in a column beside a name: it takes
 * no more width than it needs, and a range may wrap after its dash, never inside an amount.
 */
export function Price({ text, className }: { text: string; className?: string }) {
  const [low, high] = text.split(' - ');
  return (
    <span className={`${css({ fontWeight: '600', textAlign: 'right', flexShrink: 0, maxW: '40%' })} ${className ?? ''}`}>
      {high === undefined ? (
        <span className={piece}>{low}</span>
      ) : (
        <>
          <span className={piece}>{low} -</span> <span className={piece}>{high}</span>
        </>
      )}
    </span>
  );
}
