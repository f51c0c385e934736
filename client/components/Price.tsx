import { css } from '../../styled-system/css';

const piece = css({ whiteSpace: 'nowrap' });
const inColumn = css({ fontWeight: '600', textAlign: 'right', flexShrink: 0, maxW: '40%' });
/** `whole`: on a line of its own width (under a service's name), never wrapped */
const onOneLine = css({ fontWeight: '600', textAlign: 'right', flexShrink: 0, whiteSpace: 'nowrap' });

/**
 * A price or price range ('£75.00 - £85.00', 'from £60.00') in a column beside a name: it takes
 * no more width than it needs, and a range may wrap after its dash, never inside an amount.
 */
export function Price({ text, className, whole = false }: { text: string; className?: string; whole?: boolean }) {
  const [low, high] = text.split(' - ');
  return (
    <span className={`${whole ? onOneLine : inColumn} ${className ?? ''}`}>
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
