import { hmacSha256, hmacSha256Hex, sha256Hex } from '../crypto';

/**
 * AWS Signature Version 4 of the one kind of request the Worker signs: a POST of a JSON body to a
 * path without a query (the staff pool's Admin* actions, identity/staff-admin.ts). The headers
 * given but Content-Type, `host` and `x-amz-date` are signed; the signing key is derived from the secret, the day,
 * the region and the service. As aws4fetch signs it (tests/unit/sigv4.test.ts compares the two),
 * in a fifth of its bytes.
 */
export interface SigV4Request {
  url: string;
  headers: Record<string, string>;
  body: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
  /** the signing instant (now unless a test says) */
  now?: Date;
}

/** RFC 3986's reserved characters that encodeURIComponent leaves as they are. */
const rfc3986 = (s: string) => s.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request's headers with `x-amz-date` and `authorization` added (names in lower case). */
export async function sigV4Headers(r: SigV4Request): Promise<Record<string, string>> {
  const url = new URL(r.url);
  const datetime = (r.now ?? new Date()).toISOString().replace(/[:-]|\.\d{3}/g, '');
  const headers: Record<string, string> = { 'x-amz-date': datetime };
  for (const [name, value] of Object.entries(r.headers)) headers[name.toLowerCase()] = value;
  const signed: Record<string, string> = { ...headers, host: url.host };
  // the content's type is left unsigned, as aws4fetch leaves it (a proxy may rewrite it)
  const names = Object.keys(signed)
    .filter((n) => n !== 'content-type')
    .sort();
  const scope = `${datetime.slice(0, 8)}/${r.region}/${r.service}/aws4_request`;
  const canonical = [
    'POST',
    rfc3986(encodeURIComponent(url.pathname.replace(/\/+/g, '/')).replace(/%2F/g, '/')),
    '',
    `${names.map((n) => `${n}:${signed[n]!.replace(/\s+/g, ' ')}`).join('\n')}\n`,
    names.join(';'),
    await sha256Hex(r.body),
  ].join('\n');
  let key = await hmacSha256(`AWS4${r.secretAccessKey}`, datetime.slice(0, 8));
  for (const part of [r.region, r.service, 'aws4_request']) key = await hmacSha256(key, part);
  const signature = await hmacSha256Hex(key, ['AWS4-HMAC-SHA256', datetime, scope, await sha256Hex(canonical)].join('\n'));
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${r.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}
