import type { Config } from '../config';
import { AppError } from '../errors';
import { cognitoAnswer, unreachable } from './cognito';
import { sigV4Headers } from './sigv4';

/** A signed POST of an Admin* action, sent again (signed anew) up to twice after a 429 or 5xx, 50 ms × 2^n apart at most, as aws4fetch did. */
async function signedPost(pool: Config['staffCognito'], headers: Record<string, string>, body: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const signed = await sigV4Headers({ url: pool.endpoint, headers, body, ...pool, service: 'cognito-idp' });
    const res = await fetch(pool.endpoint, { method: 'POST', headers: signed, body });
    if ((res.status < 500 && res.status !== 429) || attempt === 2) return res;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
  }
}

/**
 * An Admin* action of the staff pool (AdminCreateUser, AdminDisableUser, AdminDeleteUser...):
 * IAM credentials, AWS Signature V4 (identity/sigv4.ts), the pool id in the body. Amazon Cognito in
 * production, the stand-ins Worker in development: the same signed request.
 */
export async function staffAdminCall<T>(config: Config, action: string, body: Record<string, unknown>): Promise<T> {
  const pool = config.staffCognito;
  let res: Response;
  try {
    res = await signedPost(
      pool,
      { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
      JSON.stringify({ UserPoolId: pool.userPoolId, ...body }),
    );
  } catch {
    throw unreachable();
  }
  return cognitoAnswer<T>(res);
}

/** A staff-pool user as the pool knows them: a confirmed email and their name. */
export interface PoolUser {
  email: string;
  name: string;
}

/**
 * The staff-pool user of a verified sub (AdminGetUser), or null when the pool has no such user,
 * or one whose email is not confirmed: the product takes the email and name from the pool, never
 * from the caller.
 */
export async function poolUserOf(config: Config, sub: string): Promise<PoolUser | null> {
  const user = await staffAdminCall<{ UserStatus?: string; UserAttributes?: { Name: string; Value: string }[] }>(config, 'AdminGetUser', {
    Username: sub,
  }).catch((e: unknown) => {
    if (e instanceof AppError && e.providerCode === 'UserNotFoundException') return null;
    throw e;
  });
  const attr = (n: string) => user?.UserAttributes?.find((a) => a.Name === n)?.Value ?? '';
  if (!user || user.UserStatus !== 'CONFIRMED' || attr('email_verified') !== 'true' || !attr('email')) return null;
  return { email: attr('email').toLowerCase(), name: attr('name') || attr('email').split('@')[0]! };
}
