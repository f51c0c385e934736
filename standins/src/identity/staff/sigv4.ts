import { CognitoError } from '../cognito-error';
import { STAFF_POOL } from './pool';

/**
 * The Admin* actions need IAM credentials: an AWS Signature Version 4 Authorization header. The
 * stand-in checks its shape and credential scope as AWS does before it looks at the signature
 * (any signature is accepted: there are no real IAM keys offline), and refuses a call without one.
 */
const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]{16,128})\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export function assertSigned(authorization: string | null, amzDate: string | null): void {
  if (!authorization) throw new CognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');
  const m = AUTH.exec(authorization.trim());
  if (!m) {
    throw new CognitoError(
      'IncompleteSignatureException',
      "Authorization header requires 'Credential', 'SignedHeaders' and 'Signature' parameters of AWS4-HMAC-SHA256.",
    );
  }
  const [, , date, region, service, signedHeaders] = m as unknown as [string, string, string, string, string, string];
  if (service !== 'cognito-idp') {
    throw new CognitoError('InvalidSignatureException', "Credential should be scoped to correct service: 'cognito-idp'.");
  }
  if (region !== STAFF_POOL.region) {
    throw new CognitoError('InvalidSignatureException', `Credential should be scoped to a valid region, not '${region}'.`);
  }
  const headers = signedHeaders.split(';');
  if (!headers.includes('host') || !headers.includes('x-amz-date') || !amzDate) {
    throw new CognitoError('IncompleteSignatureException', 'The request must sign the host and x-amz-date headers.');
  }
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date) {
    throw new CognitoError('InvalidSignatureException', 'Credential should be scoped to the date of X-Amz-Date.');
  }
}
