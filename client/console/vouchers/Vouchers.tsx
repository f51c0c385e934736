import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { MSG_VOUCHER_CODE, normaliseVoucherCode, VOUCHER_CODE } from '../../../shared/console/vouchers';
import { CallFailed, Loading } from '../../components/CallFailed';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { useSalonFacts } from '../lib/salon-facts';
import { voucherQuery } from './api';
import { SoldList } from './SoldList';
import { VoucherDetail } from './VoucherDetail';

/** Vouchers (owners, managers): look a code up, redeem it at the desk, and the vouchers sold. */
export function Vouchers() {
  const salon = useCurrentSalon();
  const facts = useSalonFacts(salon.id);
  const [code, setCode] = useState<string | null>(null);
  return (
    <>
      <h1 className={screenTitle}>Vouchers</h1>
      <LookUp onFound={setCode} />
      {code && <Looked salonId={salon.id} code={code} timezone={facts.timezone} />}
      <SoldList salonId={salon.id} onOpen={setCode} />
    </>
  );
}

function LookUp({ onFound }: { onFound: (code: string) => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <section aria-labelledby="voucher-lookup" className={sectionBox}>
      <h2 id="voucher-lookup" className={sectionTitle}>
        Look up a voucher
      </h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const code = normaliseVoucherCode(typed);
          if (!VOUCHER_CODE.test(code)) return setError(MSG_VOUCHER_CODE);
          setError(undefined);
          onFound(code);
        }}
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}
      >
        <div className={css({ flex: '1 1 240px', maxW: '360px', '& > div': { mb: '0' } })}>
          <Field label="Voucher code" hint="The 10 letters and digits on the voucher" error={error}>
            {(a) => (
              <input
                {...a}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className={`${fieldInput} ${css({ fontFamily: 'mono', letterSpacing: '0.08em' })}`}
              />
            )}
          </Field>
        </div>
        <button type="submit" className={primaryButton}>
          Look up
        </button>
      </form>
    </section>
  );
}

function Looked({ salonId, code, timezone }: { salonId: number; code: string; timezone: string }) {
  const q = useQuery(voucherQuery(salonId, code));
  if (q.isPending) return <Loading what="the voucher" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  return <VoucherDetail salonId={salonId} voucher={q.data} timezone={timezone} />;
}
