import * as z from 'zod';

/**
 * Request shapes of the supported actions, with AWS's member constraints. Unknown members
 * (ClientMetadata, UserContextData, AnalyticsMetadata, SecretHash...) are accepted and ignored,
 * as SDKs send them.
 */
// AWS's pattern is [\w+]+; the local client id also has hyphens.
const clientId = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\w+-]+$/);
const username = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u);
const password = z
  .string()
  .max(256)
  .regex(/^[\S]+.*[\S]+$/u);
const token = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9\-_=.]+$/);
const code = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[\S]+$/u);

const attribute = z.object({
  Name: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u),
  Value: z.string().max(2048),
});
export type AttributeInput = z.infer<typeof attribute>;
const attributes = z.array(attribute).max(50);

const AUTH_FLOWS = [
  'USER_SRP_AUTH',
  'REFRESH_TOKEN_AUTH',
  'REFRESH_TOKEN',
  'CUSTOM_AUTH',
  'ADMIN_NO_SRP_AUTH',
  'USER_PASSWORD_AUTH',
  'ADMIN_USER_PASSWORD_AUTH',
  'USER_AUTH',
] as const;

// The Session of a sign-in in progress (InitiateAuth, RespondToAuthChallenge, ConfirmSignUp).
const session = z.string().min(20).max(2048);

export const signUpRequest = z.object({
  ClientId: clientId,
  Username: username,
  // Omitted (or blank) for a passwordless user: the pool allows sign-in with SMS_OTP.
  Password: z.union([z.literal(''), password]).optional(),
  UserAttributes: attributes.optional(),
});

export const initiateAuthRequest = z.object({
  ClientId: clientId,
  AuthFlow: z.enum(AUTH_FLOWS),
  AuthParameters: z.record(z.string().max(128), z.string().max(16_384)).optional(),
  Session: session.optional(),
});

export const respondToAuthChallengeRequest = z.object({
  ClientId: clientId,
  ChallengeName: z.string().min(1).max(64),
  Session: session,
  ChallengeResponses: z.record(z.string().max(128), z.string().max(16_384)),
});

export const revokeTokenRequest = z.object({ ClientId: clientId, Token: token });

export const forgotPasswordRequest = z.object({ ClientId: clientId, Username: username });

export const confirmForgotPasswordRequest = z.object({
  ClientId: clientId,
  Username: username,
  ConfirmationCode: code,
  Password: password,
});

export const getUserRequest = z.object({ AccessToken: token });

export const updateUserAttributesRequest = z.object({ AccessToken: token, UserAttributes: attributes });

export const confirmSignUpRequest = z.object({
  ClientId: clientId,
  Username: username,
  ConfirmationCode: code,
  Session: session.optional(),
});

export const resendConfirmationCodeRequest = z.object({ ClientId: clientId, Username: username });

const attributeName = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u);

export const verificationCodeRequest = z.object({ AccessToken: token, AttributeName: attributeName });

export const verifyUserAttributeRequest = z.object({ AccessToken: token, AttributeName: attributeName, Code: code });

export const changePasswordRequest = z.object({ AccessToken: token, PreviousPassword: password.optional(), ProposedPassword: password });

export const globalSignOutRequest = z.object({ AccessToken: token });
