/** The one user pool and app client the stand-in serves (an AWS-format issuer for a local pool). */
export const LOCAL_POOL = {
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_Local0001',
  clientId: 'local-app-client',
  issuer: 'https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_Local0001',
} as const;

/** Path of the JWKS under the stand-in's mount point, as on AWS: {issuer}/.well-known/jwks.json. */
export const JWKS_PATH = `/${LOCAL_POOL.userPoolId}/.well-known/jwks.json`;

export const ACCESS_SCOPE = 'aws.cognito.signin.user.admin';
/** ID and access tokens live one hour (Cognito's default). */
export const TOKEN_TTL_S = 3600;
/** Refresh tokens live 30 days (Cognito's default). */
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
