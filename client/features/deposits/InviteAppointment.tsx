import type { Invite } from '../../../shared/invites';
import { css } from '../../../styled-system/css';
import { ProcedureList, whenOf } from '../my-bookings';

/** The appointment of a request: its date and time (the salon's timezone), services and stylists. */
export function InviteAppointment({ invite, money }: { invite: Invite; money: (major: number) => string }) {
  const { date, time } = whenOf({ starts_at: invite.appointment.start_time, ends_at: invite.appointment.end_time }, invite.timezone);
  return (
    <>
      <p className={css({ fontWeight: '700' })}>{date}</p>
      <p className={css({ fontSize: 'sm', color: 'textMuted' })}>{time}</p>
      <ProcedureList procedures={invite.appointment.procedures} money={money} />
    </>
  );
}
