import { css } from '../../../styled-system/css';
import { DELIVERY_LABELS, isUndelivered, type DeliveryStatus } from '../../../shared/console/reminders';

const badge = css({ display: 'inline-block', px: '2', borderRadius: 'full', fontSize: 'sm', fontWeight: '600', ml: '2' });
const tone = {
  bad: css({ bg: 'danger', color: 'bg' }), // white was 2.3:1 on dark's light red
  good: css({ bg: 'surfaceMuted', color: 'text' }),
  waiting: css({ border: '1px solid {colors.border}', color: 'textMuted' }),
};

/** What became of a message, in words: 'Delivered', 'Not delivered', 'Bounced'... (nothing when not known). */
export function DeliveryBadge({ status }: { status: DeliveryStatus | null }) {
  if (!status) return null;
  const look = isUndelivered(status) ? tone.bad : status === 'delivered' ? tone.good : tone.waiting;
  return <span className={`${badge} ${look}`}>{DELIVERY_LABELS[status]}</span>;
}
