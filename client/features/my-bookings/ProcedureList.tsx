import { css } from '../../../styled-system/css';
import { Price } from '../../components/Price';
import type { Procedure } from './types';

const muted = css({ fontSize: 'sm', color: 'textMuted', display: 'block' });

/** An appointment's services, each with its stylist and price. */
export function ProcedureList({ procedures, money }: { procedures: readonly Procedure[]; money: (major: number) => string }) {
  return (
    <ul className={css({ listStyle: 'none', my: '2' })}>
      {procedures.map((p) => (
        <li key={p.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2' })}>
          <span className={css({ minW: 0 })}>
            {p.service.name}
            <span className={muted}>with {p.stylist.user_name}</span>
          </span>
          <Price text={money(p.price)} />
        </li>
      ))}
    </ul>
  );
}
