/**
 * The staff pool (issue 28): a second user pool with its own id, app client and issuer. Its
 * tokens are signed with the stand-in's keys but carry this issuer and client id, so the product's
 * staff verifier refuses a client's token and its client verifier refuses a staff token.
 */
export const STAFF_POOL = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_Staff0001',
  clientId: 'local-staff-client',
  issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Staff0001',
} as const;

export const STAFF_JWKS_PATH = `/${STAFF_POOL.userPoolId}/.well-known/jwks.json`;

/** Cognito's default: a temporary password works for 7 days. */
export const TEMPORARY_PASSWORD_TTL_MS = 7 * 24 * 3600_000;
/** A challenge's Session lives 3 minutes (Cognito's default). */
export const CHALLENGE_TTL_MS = 3 * 60_000;
/** The address Cognito's default email sender uses. */
export const STAFF_EMAIL_FROM = 'no-reply@verificationemail.com';
