import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import {
  CHANNEL_WORDS,
  reportQuery,
  type ClientsReport,
  type ReportQuery,
  type TakingsReport,
  type UtilisationReport,
} from '../../../shared/console/reports';
import { METHOD_NAMES } from '../../../shared/console/checkout';
import { formatMoney } from '../../../shared/money';
import { CallFailed, Loading } from '../../components/CallFailed';
import type { ApiError } from '../../lib/api';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { primaryButton, smallOutlineButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { useSalonFacts } from '../lib/salon-facts';
import { clientsQuery, takingsQuery, utilisationQuery } from './api';
import { DayChart } from './DayChart';
import { dayWords, periodOf, periodWords, todayIn, type PeriodKind } from './periods';
import { ReportTable } from './ReportTable';

const PERIODS: { kind: PeriodKind; label: string }[] = [
  { kind: 'today', label: 'Today' },
  { kind: 'week', label: 'This week' },
  { kind: 'month', label: 'This month' },
  { kind: 'custom', label: 'Custom' },
];

/** The period chosen: filled, as the primary buttons are. */
const pressed = css({ '&[aria-pressed=true]': { bg: 'primary', color: 'onPrimary', borderColor: 'primary' } });

const percent = (v: number | null) => (v === null ? '–' : `${Math.round(v * 1000) / 10}%`);
const minutesWords = (m: number) => `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;

/**
 * Reports (docs/console/reports.md): takings, utilisation and clients for today, this week, this
 * month or days of one's choosing, each figure beside the period before. Owners and managers see
 * the salon's; a stylist their own.
 */
export function Reports() {
  const salon = useCurrentSalon();
  const facts = useSalonFacts(salon.id);
  const today = todayIn(facts.timezone);
  const [kind, setKind] = useState<PeriodKind>('month');
  const [custom, setCustom] = useState<ReportQuery | null>(null);
  const period = kind === 'custom' ? custom : periodOf(kind, today);
  return (
    <>
      <h1 className={screenTitle}>Reports</h1>
      <div className={sectionBox}>
        <div role="group" aria-label="Period" className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {PERIODS.map((p) => (
            <button
              key={p.kind}
              type="button"
              aria-pressed={kind === p.kind}
              className={`${smallOutlineButton} ${pressed}`}
              onClick={() => setKind(p.kind)}
            >
              {p.label}
            </button>
          ))}
        </div>
        {kind === 'custom' && <CustomPeriod today={today} onShow={setCustom} />}
        {period && (
          <p className={css({ mt: '3', color: 'textMuted' })} aria-live="polite">
            {periodWords(period)}, compared with the period before
          </p>
        )}
      </div>
      {period && <PeriodReports salonId={salon.id} period={period} />}
    </>
  );
}

/** The two days of a custom period, checked with the call's own rules (shared/console/reports.ts). */
function CustomPeriod({ today, onShow }: { today: string; onShow: (q: ReportQuery) => void }) {
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({});
  return (
    <form
      noValidate
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-start', mt: '3', '& > div': { mb: '0' } })}
      onSubmit={(e) => {
        e.preventDefault();
        const r = reportQuery.safeParse({ from, to });
        if (r.success) {
          setErrors({});
          onShow(r.data);
          return;
        }
        const found: Partial<Record<'from' | 'to', string>> = {};
        for (const i of r.error.issues) found[i.path[0] as 'from' | 'to'] ??= i.message.replace(/^(from|to) must/, 'Must');
        setErrors(found);
      }}
    >
      <Field label="From" error={errors.from}>
        {(a) => <input {...a} type="date" value={from} onChange={(e) => setFrom(e.target.value)} className={fieldInput} />}
      </Field>
      <Field label="To" error={errors.to}>
        {(a) => <input {...a} type="date" value={to} onChange={(e) => setTo(e.target.value)} className={fieldInput} />}
      </Field>
      <button type="submit" className={`${primaryButton} ${css({ mt: '7' })}`}>
        Show
      </button>
    </form>
  );
}

function PeriodReports({ salonId, period }: { salonId: number; period: ReportQuery }) {
  return (
    <>
      <Report title="Takings" what="the takings" q={useQuery(takingsQuery(salonId, period))} render={(r) => <Takings r={r} />} />
      <Report
        title="Utilisation"
        what="the utilisation"
        q={useQuery(utilisationQuery(salonId, period))}
        render={(r) => <Utilisation r={r} />}
      />
      <Report title="Clients" what="the clients' figures" q={useQuery(clientsQuery(salonId, period))} render={(r) => <Clients r={r} />} />
    </>
  );
}

function Report<T>({
  title,
  what,
  q,
  render,
}: {
  title: string;
  what: string;
  q: UseQueryResult<T, ApiError>;
  render: (r: T) => ReactNode;
}) {
  const id = `report-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={sectionBox}>
      <h2 id={id} className={sectionTitle}>
        {title}
      </h2>
      {q.isPending ? (
        <Loading what={what} />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        render(q.data)
      )}
    </section>
  );
}

const figures = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
  gap: '3',
  mb: '5',
  '& > div': { bg: 'surface', rounded: 'md', p: '3' },
  '& dt': { color: 'textMuted', fontSize: 'sm' },
  '& dd': { fontWeight: '700', fontSize: 'lg' },
});

/** A figure beside the period before's: 'was £1,200.00 (+12%)'. */
function Figure({ label, now, before, show }: { label: string; now: number; before: number; show: (v: number) => string }) {
  const change = before !== 0 ? Math.round(((now - before) / Math.abs(before)) * 100) : null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>{show(now)}</dd>
      <dd className={css({ fontWeight: '400!', fontSize: 'sm!', color: 'textMuted' })}>
        was {show(before)}
        {change !== null && change !== 0 ? ` (${change > 0 ? '+' : ''}${change}%)` : ''}
      </dd>
    </div>
  );
}

function Takings({ r }: { r: TakingsReport }) {
  const money = (v: number) => formatMoney(v, r.currency);
  const salon = r.scope === 'salon';
  const file = (name: string) => `${name}-${r.from}-to-${r.to}`;
  return (
    <>
      <dl className={figures}>
        <Figure label={salon ? 'Total taken' : 'Your takings'} now={r.total} before={r.previous.total} show={money} />
        <Figure label="Tips" now={r.tips} before={r.previous.tips} show={money} />
        {salon && (
          <>
            <Figure label="Deposits" now={r.deposits} before={r.previous.deposits} show={money} />
            <Figure label="No-show fees" now={r.no_show_fees} before={r.previous.no_show_fees} show={money} />
            <Figure label="Refunds" now={r.refunds} before={r.previous.refunds} show={money} />
            <Figure label="Vouchers sold" now={r.vouchers_sold} before={r.previous.vouchers_sold} show={money} />
            <Figure label="Vouchers redeemed" now={r.vouchers_redeemed} before={r.previous.vouchers_redeemed} show={money} />
          </>
        )}
      </dl>
      {r.by_day.length > 1 && (
        <DayChart
          label="Takings by day"
          days={r.by_day.map((d) => d.date)}
          values={r.by_day.map((d) => d.amount)}
          format={(v) => money(v)}
        />
      )}
      <ReportTable
        title="Takings by day"
        file={file('takings-by-day')}
        rows={r.by_day}
        collapsed={r.by_day.length > 7}
        columns={[
          { header: 'Day', cell: (d) => dayWords(d.date), csv: (d) => d.date },
          { header: 'Taken', cell: (d) => money(d.amount), csv: (d) => d.amount, numeric: true },
        ]}
      />
      {salon && (
        <ReportTable
          title="By method"
          file={file('takings-by-method')}
          rows={r.by_method}
          bar={(m) => m.amount}
          columns={[
            { header: 'Method', cell: (m) => METHOD_NAMES[m.method], csv: (m) => METHOD_NAMES[m.method] },
            { header: 'Taken', cell: (m) => money(m.amount), csv: (m) => m.amount, numeric: true },
          ]}
        />
      )}
      <ReportTable
        title="Sold by stylist"
        file={file('sold-by-stylist')}
        rows={r.by_stylist}
        bar={(s) => s.amount}
        columns={[
          { header: 'Stylist', cell: (s) => s.name, csv: (s) => s.name },
          { header: 'Sold', cell: (s) => money(s.amount), csv: (s) => s.amount, numeric: true },
        ]}
      />
      <ReportTable
        title="Sold by service"
        file={file('sold-by-service')}
        rows={r.by_service}
        bar={(s) => s.amount}
        columns={[
          { header: 'Service or product', cell: (s) => s.name, csv: (s) => s.name },
          { header: 'Count', cell: (s) => s.count, csv: (s) => s.count, numeric: true },
          { header: 'Sold', cell: (s) => money(s.amount), csv: (s) => s.amount, numeric: true },
        ]}
      />
      <ReportTable
        title="Tips by stylist"
        file={file('tips-by-stylist')}
        rows={r.tips_by_stylist}
        bar={(s) => s.amount}
        columns={[
          { header: 'Stylist', cell: (s) => s.name, csv: (s) => s.name },
          { header: 'Tips', cell: (s) => money(s.amount), csv: (s) => s.amount, numeric: true },
        ]}
      />
    </>
  );
}

function Utilisation({ r }: { r: UtilisationReport }) {
  const file = (name: string) => `${name}-${r.from}-to-${r.to}`;
  const hours = (v: number) => minutesWords(v);
  return (
    <>
      <dl className={figures}>
        <Figure label="Utilisation" now={r.utilisation ?? 0} before={r.previous.utilisation ?? 0} show={percent} />
        <Figure label="Booked" now={r.booked_minutes} before={r.previous.booked_minutes} show={hours} />
        <Figure label="Working" now={r.working_minutes} before={r.previous.working_minutes} show={hours} />
      </dl>
      {r.by_day.length > 1 && (
        <DayChart
          label="Utilisation by day"
          days={r.by_day.map((d) => d.date)}
          values={r.by_day.map((d) => (d.utilisation ?? 0) * 100)}
          format={(v) => `${Math.round(v)}%`}
        />
      )}
      <ReportTable
        title="By stylist"
        file={file('utilisation-by-stylist')}
        rows={r.stylists}
        bar={(s) => s.utilisation ?? 0}
        columns={[
          { header: 'Stylist', cell: (s) => s.name, csv: (s) => s.name },
          { header: 'Booked', cell: (s) => hours(s.booked_minutes), csv: (s) => s.booked_minutes, numeric: true },
          { header: 'Working', cell: (s) => hours(s.working_minutes), csv: (s) => s.working_minutes, numeric: true },
          { header: 'Utilisation', cell: (s) => percent(s.utilisation), csv: (s) => s.utilisation, numeric: true },
        ]}
      />
      <ReportTable
        title="By day"
        file={file('utilisation-by-day')}
        rows={r.by_day}
        collapsed={r.by_day.length > 7}
        columns={[
          { header: 'Day', cell: (d) => dayWords(d.date), csv: (d) => d.date },
          { header: 'Booked', cell: (d) => hours(d.booked_minutes), csv: (d) => d.booked_minutes, numeric: true },
          { header: 'Working', cell: (d) => hours(d.working_minutes), csv: (d) => d.working_minutes, numeric: true },
          { header: 'Utilisation', cell: (d) => percent(d.utilisation), csv: (d) => d.utilisation, numeric: true },
        ]}
      />
    </>
  );
}

function Clients({ r }: { r: ClientsReport }) {
  const count = (v: number) => String(v);
  const p = r.previous;
  return (
    <>
      <dl className={figures}>
        <Figure label="Clients" now={r.clients} before={p.clients} show={count} />
        <Figure label="New" now={r.new_clients} before={p.new_clients} show={count} />
        <Figure label="Returning" now={r.returning_clients} before={p.returning_clients} show={count} />
        <Figure label="Rebooked within 6 weeks" now={r.rebooking_rate ?? 0} before={p.rebooking_rate ?? 0} show={percent} />
        <Figure label="No-shows" now={r.no_show_rate ?? 0} before={p.no_show_rate ?? 0} show={percent} />
        <Figure label="Late cancellations" now={r.late_cancellation_rate ?? 0} before={p.late_cancellation_rate ?? 0} show={percent} />
      </dl>
      <ReportTable
        title="Where appointments were made"
        file={`channels-${r.from}-to-${r.to}`}
        rows={r.channels}
        bar={(c) => c.appointments}
        columns={[
          { header: 'Channel', cell: (c) => CHANNEL_WORDS[c.channel], csv: (c) => CHANNEL_WORDS[c.channel] },
          { header: 'Appointments', cell: (c) => c.appointments, csv: (c) => c.appointments, numeric: true },
          { header: 'Share', cell: (c) => percent(c.share), csv: (c) => c.share, numeric: true },
        ]}
      />
    </>
  );
}
