import type { StaffCodeSent } from '../../../shared/console/session';
import { sessionCall } from '../lib/api';

/**
 * The sign-up and password reset calls of the console's session (/console/session/…; docs/console/api.md
 * "The session"). Signing in, renewing and signing out are the session's own (lib/session.ts).
 */
export const signUp = (body: { name: string; email: string; password: string }) => sessionCall<StaffCodeSent>('sign-up', body);
export const confirmSignUp = (body: { email: string; code: string }) => sessionCall<void>('confirm-sign-up', body);
export const resendCode = (email: string) => sessionCall<StaffCodeSent>('resend-code', { email });
export const forgotPassword = (body: { email: string }) => sessionCall<void>('forgot-password', body);
export const resetPassword = (body: { email: string; code: string; new_password: string }) => sessionCall<void>('reset-password', body);
