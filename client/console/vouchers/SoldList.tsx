import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { linkButton } from '../../components/styles';
import { sectionBox, sectionTitle, table } from '../ui/looks';
import { tableScroll } from '../ui/table-scroll';
import { Pager } from '../ui/Pager';
import { dayOf, moneyOf } from '../lib/salon-facts';
import { soldQuery } from './api';
import { STATE_WORDS } from './VoucherDetail';

/** The vouchers the salon sold, newest first, 20 a page; a code opens the voucher above. */
export function SoldList({ salonId, onOpen }: { salonId: number; onOpen: (code: string) => void }) {
  const [page, setPage] = useState(1);
  const q = useQuery(soldQuery(salonId, page));
  return (
    <section aria-labelledby="vouchers-sold" className={sectionBox}>
      <h2 id="vouchers-sold" className={sectionTitle}>
        Vouchers sold{q.data ? ` (${q.data.total})` : ''}
      </h2>
      {q.isPending ? (
        <Loading what="the vouchers sold" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data.total === 0 ? (
        <p>No vouchers sold yet.</p>
      ) : (
        <>
          <div className={tableScroll}>
            <table className={table}>
              <thead>
                <tr>
                  <th scope="col">Code</th>
                  <th scope="col">Balance</th>
                  <th scope="col">Use by</th>
                  <th scope="col">Bought by</th>
                </tr>
              </thead>
              <tbody>
                {q.data.vouchers.map((v) => (
                  <tr key={v.code}>
                    <td>
                      <button
                        type="button"
                        className={`${linkButton} ${css({ fontFamily: 'mono' })}`}
                        onClick={() => {
                          onOpen(v.code);
                          window.scrollTo({ top: 0 });
                        }}
                      >
                        {v.code}
                      </button>
                    </td>
                    <td>
                      {moneyOf(v.balance, v.currency)} of {moneyOf(v.amount, v.currency)}
                      {v.state !== 'active' && (
                        <span className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}>{STATE_WORDS[v.state]}</span>
                      )}
                    </td>
                    <td>{dayOf(v.expiry_date)}</td>
                    <td className={css({ overflowWrap: 'anywhere' })}>{v.purchaser_email}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={page} pages={q.data.pages} onPage={setPage} what="vouchers" />
        </>
      )}
    </section>
  );
}
