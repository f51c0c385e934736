import { AwsV4Signer } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import { sigV4Headers } from '../../worker/identity/sigv4';

/**
 * The Worker signs the staff pool's Admin* actions itself (worker/identity/sigv4.ts), in workerd, as aws4fetch
 * signed them: the same Authorization header for the same request at the same instant, at AWS's
 * own endpoint and the stand-in's, for several actions, bodies and keys.
 */
const requests = [
  {
    url: 'https://cognito-idp.eu-west-1.amazonaws.com/',
    action: 'AdminCreateUser',
    body: { UserPoolId: 'eu-west-1_StAfF4567', Username: 'owner@example.test', UserAttributes: [{ Name: 'name', Value: 'Ann  Lee' }] },
    region: 'eu-west-1',
  },
  {
    url: 'http://127.0.0.1:8788/__idp/',
    action: 'AdminGetUser',
    body: { UserPoolId: 'eu-west-1_Staff0001', Username: 'a-b-c' },
    region: 'eu-west-1',
  },
  {
    url: 'https://cognito-idp.us-east-1.amazonaws.com/',
    action: 'AdminDisableUser',
    body: { Username: "o'brien(1)*" },
    region: 'us-east-1',
  },
];

describe('sigV4Headers', () => {
  it.each(requests)('signs $action at $url as aws4fetch does', async (r) => {
    const now = new Date('2026-12-29T10:00:07.123Z');
    const headers = { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${r.action}` };
    const body = JSON.stringify(r.body);
    const keys = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
    const theirs = await new AwsV4Signer({
      method: 'POST',
      url: r.url,
      headers,
      body,
      ...keys,
      service: 'cognito-idp',
      region: r.region,
      datetime: '20261229T100007Z',
    }).sign();
    const ours = await sigV4Headers({ url: r.url, headers, body, ...keys, service: 'cognito-idp', region: r.region, now });
    expect(ours.authorization).toBe(theirs.headers.get('Authorization'));
    expect(ours['x-amz-date']).toBe('20261229T100007Z');
    expect(ours['x-amz-target']).toBe(headers['X-Amz-Target']);
  });

  it('changes with the secret, the body and the day', async () => {
    const base = {
      url: requests[0]!.url,
      headers: {},
      body: '{}',
      accessKeyId: 'AKIA',
      secretAccessKey: 's',
      region: 'eu-west-1',
      service: 'cognito-idp',
    };
    const at = new Date('2026-12-29T10:00:00Z');
    const one = (await sigV4Headers({ ...base, now: at })).authorization;
    expect((await sigV4Headers({ ...base, secretAccessKey: 't', now: at })).authorization).not.toBe(one);
    expect((await sigV4Headers({ ...base, body: '{ }', now: at })).authorization).not.toBe(one);
    expect((await sigV4Headers({ ...base, now: new Date('2026-12-30T10:00:00Z') })).authorization).toMatch(/Credential=AKIA\/20261230\//);
  });
});
