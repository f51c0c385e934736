import type { StaffRole } from '../../shared/console/roles';
import type { Config } from '../config';
import { AppError } from '../errors';
import { staffAdminCall } from '../identity/staff-admin';

interface CognitoUser {
  Username: string;
  UserStatus?: string;
}

/**
 * A staff member's account in the staff pool: AdminCreateUser with the email verified (Cognito
 * emails the temporary password). An account left in the pool from before is reused. Answers the
 * account's username (its sub).
 */
export async function createStaffAccount(config: Config, invite: { email: string; name: string; role: StaffRole }): Promise<string> {
  try {
    const r = await staffAdminCall<{ User: CognitoUser }>(config, 'AdminCreateUser', {
      Username: invite.email,
      UserAttributes: [
        { Name: 'email', Value: invite.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'name', Value: invite.name },
      ],
      DesiredDeliveryMediums: ['EMAIL'],
    });
    return r.User.Username;
  } catch (e) {
    if (!(e instanceof AppError) || e.providerCode !== 'UsernameExistsException') throw e;
    return (await staffAdminCall<CognitoUser>(config, 'AdminGetUser', { Username: invite.email })).Username;
  }
}

/** Removes a staff member's account: every session ends, and the email may be invited afresh. */
export async function removeStaffAccount(config: Config, sub: string): Promise<void> {
  try {
    await staffAdminCall(config, 'AdminDeleteUser', { Username: sub });
  } catch (e) {
    // Already gone from the pool: nothing more to remove.
    if (!(e instanceof AppError) || e.providerCode !== 'UserNotFoundException') throw e;
  }
}
