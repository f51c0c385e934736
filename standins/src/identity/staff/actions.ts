import type { Action } from '../action';
import { adminCreateUser, adminDeleteUser, adminDisableUser, adminEnableUser, adminGetUser } from './admin';
import { STAFF_POOL } from './pool';
import { staffConfirmForgotPassword, staffForgotPassword } from './recovery';
import { staffConfirmSignUp, staffResendConfirmationCode, staffSignUp } from './sign-up';
import { staffGetUser, staffGlobalSignOut, staffInitiateAuth, staffRespondToAuthChallenge, staffRevokeToken } from './sign-in';
import { clientIdOfToken } from './tokens';

/** The staff pool's actions: one regional endpoint serves both pools, as Cognito's does. */
export const STAFF_ACTIONS: Record<string, Action> = {
  AdminCreateUser: adminCreateUser,
  AdminGetUser: adminGetUser,
  AdminDisableUser: adminDisableUser,
  AdminEnableUser: adminEnableUser,
  AdminDeleteUser: adminDeleteUser,
  SignUp: staffSignUp,
  ConfirmSignUp: staffConfirmSignUp,
  ResendConfirmationCode: staffResendConfirmationCode,
  InitiateAuth: staffInitiateAuth,
  RespondToAuthChallenge: staffRespondToAuthChallenge,
  ForgotPassword: staffForgotPassword,
  ConfirmForgotPassword: staffConfirmForgotPassword,
  GlobalSignOut: staffGlobalSignOut,
  RevokeToken: staffRevokeToken,
  GetUser: staffGetUser,
};

/**
 * Whether a request is for the staff pool: it names the staff app client or pool, or carries a
 * token issued to the staff client (routing only: the action verifies the token itself). Admin*
 * actions exist for this pool alone.
 */
export function isStaffRequest(operation: string, body: unknown): boolean {
  if (operation.startsWith('Admin')) return true;
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return (
    b.ClientId === STAFF_POOL.clientId || b.UserPoolId === STAFF_POOL.userPoolId || clientIdOfToken(b.AccessToken) === STAFF_POOL.clientId
  );
}
