import { AwsClient } from 'aws4fetch';
import type { Config } from '../config';
import { AppError } from '../errors';
import { cognitoAnswer, unreachable } from './cognito';

/** One signer per isolate and key: aws4fetch keeps its derived signing keys cached. */
const signers = new Map<string, AwsClient>();

function signerFor(pool: Config['staffCognito']): AwsClient {
  const key = `${pool.accessKeyId}|${pool.region}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = new AwsClient({
      accessKeyId: pool.accessKeyId,
      secretAccessKey: pool.secretAccessKey,
      service: 'cognito-idp',
      region: pool.region,
      retries: 2,
    });
    signers.set(key, signer);
  }
  return signer;
}

/**
 * An Admin* action of the staff pool (AdminCreateUser, AdminDisableUser, AdminDeleteUser...):
 * IAM credentials, AWS Signature V4 by aws4fetch, the pool id in the body. Amazon Cognito in
 * production, the stand-ins Worker in development: the same signed request.
 */
export async function staffAdminCall<T>(config: Config, action: string, body: Record<string, unknown>): Promise<T> {
  const pool = config.staffCognito;
  let res: Response;
  try {
    res = await signerFor(pool).fetch(pool.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
      body: JSON.stringify({ UserPoolId: pool.userPoolId, ...body }),
    });
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
