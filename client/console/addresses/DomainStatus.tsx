import { css } from '../../../styled-system/css';
import { PHASE_WORDS, type CustomDomainView, type DomainPhase } from '../../../shared/console/domains';
import { table } from '../ui/looks';
import { dateOf } from './dates';
import { tableScroll } from '../ui/table-scroll';

const BADGE: Record<DomainPhase, string> = {
  waiting_for_dns: css({ bg: 'surfaceMuted', color: 'text' }),
  verifying: css({ bg: 'surfaceMuted', color: 'text' }),
  issuing_certificate: css({ bg: 'surfaceMuted', color: 'text' }),
  live: css({ bg: 'primary', color: 'onPrimary' }),
  action_needed: css({ border: '1px solid {colors.danger}', color: 'danger', bg: 'surface' }),
};

/** What the owner should know and do at each phase. */
function explanation(d: CustomDomainView): string {
  switch (d.phase) {
    case 'waiting_for_dns':
      return 'Add the CNAME record below at the company that runs your domain’s DNS. It can take a few minutes to an hour to be seen.';
    case 'verifying':
      return 'Your record is in place: Cloudflare is checking it.';
    case 'issuing_certificate':
      return 'Verified. Cloudflare is issuing the certificate that lets browsers connect securely; this usually takes a few minutes.';
    case 'live':
      return d.managed_outside
        ? 'Live. This domain was set up for you outside the console.'
        : `Live: clients book at https://${d.hostname}/. The certificate renews by itself.`;
    case 'action_needed':
      return 'Cloudflare could not finish setting up this domain. Check the record below, then press Check again.';
  }
}

/** The domain's phase in the owner's words, Cloudflare's own message, and the DNS records to add. */
export function DomainStatus({ domain: d }: { domain: CustomDomainView }) {
  return (
    <div>
      <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '2' })}>
        <strong className={css({ fontSize: 'lg', wordBreak: 'break-all' })}>{d.hostname}</strong>
        <span
          role="status"
          aria-label={`Status: ${PHASE_WORDS[d.phase]}`}
          className={`${css({ px: '2', py: '0.5', rounded: 'full', fontSize: 'sm', fontWeight: '600' })} ${BADGE[d.phase]}`}
        >
          {PHASE_WORDS[d.phase]}
        </span>
      </p>
      <p className={css({ mb: '2', maxW: '65ch' })}>{explanation(d)}</p>
      {d.verification_error && d.phase !== 'live' && (
        <p className={css({ mb: '2', fontSize: 'sm' })}>
          Cloudflare says: <q>{d.verification_error}</q>
        </p>
      )}
      {!d.managed_outside && d.phase !== 'live' && (
        <div className={tableScroll}>
          <table className={table} aria-label="DNS records to add">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Points to / value</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>CNAME</td>
                <td className={css({ wordBreak: 'break-all' })}>{d.cname.name}</td>
                <td className={css({ wordBreak: 'break-all' })}>{d.cname.target}</td>
              </tr>
              {d.txt && (
                <tr>
                  <td>TXT (optional)</td>
                  <td className={css({ wordBreak: 'break-all' })}>{d.txt.name}</td>
                  <td className={css({ wordBreak: 'break-all' })}>{d.txt.value}</td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
      {d.txt && d.phase !== 'live' && (
        <p className={css({ fontSize: 'sm', color: 'textMuted', mt: '2' })}>
          The TXT record proves the domain is yours before you move the CNAME, if it already points at another website.
        </p>
      )}
      {d.gives_up_at && (
        <p className={css({ fontSize: 'sm', color: 'textMuted', mt: '2' })}>
          Checked {new Date(d.checked_at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}. If it is not live by{' '}
          {dateOf(d.gives_up_at)}, it is removed and you are emailed.
        </p>
      )}
    </div>
  );
}
