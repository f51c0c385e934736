import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { appointmentNo } from '../../../shared/console/appointment-number';
import type { ClientAppointment, ClientCard, ClientMessageKind, ClientSummary } from '../../../shared/console/clients';
import { CAN, type StaffRole } from '../../../shared/console/roles';
import { CallFailed, Loading } from '../../components/CallFailed';
import { linkButton, outlineButton } from '../../components/styles';
import { screenTitle, sectionBox, sectionTitle, statsGrid } from '../ui/looks';
import { DeliveryBadge } from '../ui/DeliveryBadge';
import { AskFirst } from '../ui/AskFirst';
import { FormAlert } from '../ui/Field';
import { moneyOf, salonTime, useSalonFacts } from '../lib/salon-facts';
import { clientCardQuery, sendRebookingLink } from './api';
import { ClientNotes } from './ClientNotes';

const can = (roles: readonly StaffRole[], role: StaffRole) => roles.includes(role);

const STATUS_WORDS: Record<string, string> = {
  confirmed: 'Confirmed',
  unconfirmed: 'Unconfirmed',
  waitlist: 'Waitlist',
  pending: 'Deposit pending',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};
const MESSAGE_WORDS: Record<ClientMessageKind, string> = {
  booking_verification: 'Booking confirmation code',
  booked: 'Booking made at the desk',
  moved: 'Booking moved',
  cancelled: 'Booking cancelled',
  no_show_fee_link: 'No-show fee payment link',
  deposit_request: 'Deposit request',
  deposit_reminder: 'Deposit request reminder',
  rebooking_link: 'Rebooking link',
  reminder_24h: 'Reminder 24 hours before',
  reminder_2h: 'Reminder 2 hours before',
};

const linkStyle = css({ color: 'primary', textDecoration: 'underline' });

/** The client's email, and what an import brought: a landline (never texted), a birthday. */
function ContactDetails({ client }: { client: ClientCard['client'] }) {
  const rows: [string, ReactNode][] = [];
  if (client.email)
    rows.push([
      'Email',
      <a href={`mailto:${client.email}`} className={linkStyle}>
        {client.email}
      </a>,
    ]);
  if (client.imported?.landline)
    rows.push([
      'Landline',
      <a href={`tel:${client.imported.landline}`} className={linkStyle}>
        {client.imported.landline}
      </a>,
    ]);
  if (client.imported?.birthday) rows.push(['Birthday', birthdayOf(client.imported.birthday)]);
  if (rows.length === 0) return null;
  return (
    <dl
      aria-label="Contact details"
      className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1 3', mb: '3', '& dt': { color: 'textMuted' } })}
    >
      {rows.map(([label, value]) => (
        <div key={label} className={css({ display: 'contents' })}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A birthday as people say it ('12 March 1990'), from its YYYY-MM-DD, whatever the browser's zone. */
const birthdayOf = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A client's card at this salon. */
export function ClientCardView({
  salonId,
  clientKey,
  role,
  backTo,
}: {
  salonId: number;
  clientKey: string;
  role: StaffRole;
  backTo: string;
}) {
  const q = useQuery(clientCardQuery(salonId, clientKey));
  const facts = useSalonFacts(salonId);
  return (
    <>
      <Link to={backTo} className={css({ display: 'inline-block', mb: '3', color: 'primary', textDecoration: 'underline' })}>
        ← All clients
      </Link>
      {q.isPending ? (
        <Loading what="the client’s card" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <Card salonId={salonId} card={q.data} role={role} timezone={facts.timezone} />
      )}
    </>
  );
}

function Card({ salonId, card, role, timezone }: { salonId: number; card: ClientCard; role: StaffRole; timezone: string }) {
  const { client } = card;
  // ahead (cancelled ones too, marked), soonest first; then those that have begun, newest first
  const now = Date.now();
  const upcoming = card.appointments.filter((a) => Date.parse(a.start) > now).reverse();
  const past = card.appointments.filter((a) => Date.parse(a.start) <= now);
  return (
    <>
      <h1 className={screenTitle}>{client.name}</h1>
      <section aria-label="About the client" className={sectionBox}>
        {client.imported?.blocked && (
          <p role="note" className={css({ mb: '3', fontWeight: '700', color: 'danger' })}>
            Blocked in the salon’s previous system: check before booking them.
          </p>
        )}
        <p className={css({ mb: '3' })}>
          {client.phone ? (
            <a href={`tel:${client.phone}`} className={linkStyle}>
              {client.phone}
            </a>
          ) : (
            <span className={css({ color: 'textMuted' })}>No mobile number</span>
          )}
          {!client.has_account && <span className={css({ color: 'textMuted' })}> · no account yet</span>}
          {client.opted_out_of_texts && <span className={css({ color: 'textMuted' })}> · opted out of texts (reminders go by email)</span>}
        </p>
        <ContactDetails client={client} />
        <dl className={statsGrid}>
          <div>
            <dt>Appointments</dt>
            <dd>{card.appointments.length}</dd>
          </div>
          <div>
            <dt>Spend</dt>
            <dd>{moneyOf(card.spend, card.currency)}</dd>
          </div>
          <div>
            <dt>No-shows</dt>
            <dd>{card.no_shows}</dd>
          </div>
        </dl>
        {can(CAN.requests, role) && card.can_rebook && <RebookingLink salonId={salonId} client={client} />}
      </section>
      <section aria-labelledby="client-upcoming" className={sectionBox}>
        <h2 id="client-upcoming" className={sectionTitle}>
          Coming up
        </h2>
        {upcoming.length === 0 ? (
          <p>Nothing booked.</p>
        ) : (
          <Appointments rows={upcoming} timezone={timezone} currency={card.currency} ask={can(CAN.requests, role) ? client.name : null} />
        )}
      </section>
      <section aria-labelledby="client-past" className={sectionBox}>
        <h2 id="client-past" className={sectionTitle}>
          Past appointments
        </h2>
        {past.length === 0 ? <p>None yet.</p> : <Appointments rows={past} timezone={timezone} currency={card.currency} ask={null} />}
      </section>
      <ClientNotes salonId={salonId} clientKey={client.id} notes={card.notes} canWrite={can(CAN.noteClients, role)} timezone={timezone} />
      <section aria-labelledby="client-messages" className={sectionBox}>
        <h2 id="client-messages" className={sectionTitle}>
          Messages sent
        </h2>
        {card.messages.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className={css({ listStyle: 'none', '& li': { py: '1' } })}>
            {card.messages.map((m, i) => (
              <li key={i}>
                {MESSAGE_WORDS[m.kind]} by {m.channel === 'sms' ? 'text' : 'email'}, sent {salonTime(m.sent_at, timezone)}
                <DeliveryBadge status={m.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

const FIRST_ROWS = 10;

function Appointments({
  rows,
  timezone,
  currency,
  ask,
}: {
  rows: ClientAppointment[];
  timezone: string;
  currency: string;
  ask: string | null;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, FIRST_ROWS);
  return (
    <>
      <ul className={css({ listStyle: 'none' })}>
        {shown.map((a) => (
          <li key={a.id} className={css({ py: '2', borderTop: '1px solid {colors.surfaceMuted}' })}>
            <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: '3' })}>
              <p>
                <span className={css({ fontWeight: '600' })}>{salonTime(a.start, timezone)}</span>
                {' · '}
                {a.open_request ? 'Deposit asked' : (STATUS_WORDS[a.status] ?? a.status)}
              </p>
              {ask && a.upcoming && !a.open_request && (
                <Link
                  to={`../requests?${new URLSearchParams({ appointment: String(a.id), no: String(a.number), for: ask }).toString()}`}
                  relative="path"
                  aria-label={`Ask for a deposit for ${salonTime(a.start, timezone)}`}
                  className={css({ color: 'primary', textDecoration: 'underline' })}
                >
                  Ask for a deposit
                </Link>
              )}
            </div>
            <p>{a.services}</p>
            <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
              {[a.stylists, moneyOf(a.price, currency), appointmentNo(a.number)].filter(Boolean).join(' · ')}
            </p>
          </li>
        ))}
      </ul>
      {rows.length > FIRST_ROWS && !all && (
        <button type="button" className={linkButton} onClick={() => setAll(true)}>
          Show all {rows.length}
        </button>
      )}
    </>
  );
}

function RebookingLink({ salonId, client }: { salonId: number; client: ClientSummary }) {
  const [state, setState] = useState<{ sending: boolean; done?: string; failed?: string }>({ sending: false });
  return (
    <div>
      <AskFirst
        className={outlineButton}
        disabled={state.sending}
        question="Text a rebooking link?"
        consequences={[`${client.name} will be texted a link to book again, at ${client.phone}.`, 'A text cannot be taken back once sent.']}
        confirm="Text the link"
        onConfirm={async () => {
          setState({ sending: true });
          try {
            const made = await sendRebookingLink(salonId, client.id);
            setState({
              sending: false,
              done: `Rebooking link texted to ${client.phone}. It works until ${new Date(made.expires_at).toLocaleDateString('en-GB')}.`,
            });
          } catch (e) {
            setState({ sending: false, failed: `The link was not sent: ${e instanceof Error ? e.message : 'try again'}` });
          }
        }}
      >
        {state.sending ? 'Sending the link…' : 'Text a rebooking link'}
      </AskFirst>
      {state.done && (
        <p role="status" className={css({ mt: '2' })}>
          {state.done}
        </p>
      )}
      {state.failed && <FormAlert>{state.failed}</FormAlert>}
    </div>
  );
}
