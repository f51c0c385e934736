import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { StandInsApp as AppEnv } from '../env';
import type { Action } from './action';
import { respondToAuthChallenge } from './choice-sign-in';
import { CognitoError, invalidParameter } from './cognito-error';
import { JWKS_PATH } from './pool';
import { confirmForgotPassword, forgotPassword } from './recovery';
import { getUser, getUserAttributeVerificationCode, updateUserAttributes, verifyUserAttribute } from './profile';
import { changePassword, globalSignOut, initiateAuth, revokeToken } from './sign-in';
import { confirmSignUp, resendConfirmationCode, signUp } from './sign-up';
import { standInJwks } from './signing-keys';
import { isStaffRequest, STAFF_ACTIONS } from './staff/actions';
import { STAFF_JWKS_PATH } from './staff/pool';

const SERVICE = 'AWSCognitoIdentityProviderService';
const MAX_BODY_BYTES = 64 * 1024;

const ACTIONS: Record<string, Action> = {
  SignUp: signUp,
  ConfirmSignUp: confirmSignUp,
  ResendConfirmationCode: resendConfirmationCode,
  InitiateAuth: initiateAuth,
  RespondToAuthChallenge: respondToAuthChallenge,
  RevokeToken: revokeToken,
  GlobalSignOut: globalSignOut,
  ChangePassword: changePassword,
  ForgotPassword: forgotPassword,
  ConfirmForgotPassword: confirmForgotPassword,
  GetUser: getUser,
  UpdateUserAttributes: updateUserAttributes,
  GetUserAttributeVerificationCode: getUserAttributeVerificationCode,
  VerifyUserAttribute: verifyUserAttribute,
};

/** A JSON answer as Cognito sends it (x-amz-json-1.1, x-amzn-RequestId, x-amzn-ErrorType on errors). */
function amzJson(c: Context<AppEnv>, status: ContentfulStatusCode, body: object, errorType?: string) {
  c.header('Content-Type', 'application/x-amz-json-1.1');
  c.header('x-amzn-RequestId', crypto.randomUUID());
  c.header('Cache-Control', 'no-store');
  if (errorType) c.header('x-amzn-ErrorType', `${errorType}:`);
  return c.body(JSON.stringify(body), status);
}

function errorAnswer(c: Context<AppEnv>, err: unknown) {
  if (err instanceof CognitoError) return amzJson(c, 400, { __type: err.type, message: err.message }, err.type);
  // Never logged with the request body: it may hold a password.
  console.error('identity stand-in: unexpected error', err instanceof Error ? err.stack : err);
  return amzJson(c, 500, { __type: 'InternalErrorException', message: 'Internal error' }, 'InternalErrorException');
}

/**
 * The end user's address for throttling, as Cognito takes it: the request's
 * UserContextData.IpAddress (what a server-side app passes on for its users), else the caller's
 * own CF-Connecting-IP, else 'local'; only when it looks like an address.
 */
function callerAddress(c: Context<AppEnv>, body: unknown): string {
  const context = (body as { UserContextData?: { IpAddress?: unknown } } | null)?.UserContextData;
  const candidates = [context?.IpAddress, c.req.header('CF-Connecting-IP')];
  const ip = candidates.find((v): v is string => typeof v === 'string' && /^[0-9A-Fa-f:.]{2,45}$/.test(v.trim()));
  return ip ? ip.trim().toLowerCase() : 'local';
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-amz-json-1.1' && type !== 'application/x-amz-json-1.0' && type !== 'application/json') {
    throw invalidParameter('Content-Type must be application/x-amz-json-1.1');
  }
  if (Number(c.req.header('Content-Length') ?? 0) > MAX_BODY_BYTES) throw invalidParameter('The request body is too large.');
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw invalidParameter('The request body is too large.');
  try {
    return JSON.parse(text || '{}') as unknown;
  } catch {
    throw invalidParameter('The request body is not valid JSON.');
  }
}

/**
 * The Cognito user-pool endpoint stand-in (offline only). The edge mounts it at /__idp:
 * POST / with X-Amz-Target, OPTIONS / for browsers' preflight, GET the pool's JWKS at
 * /eu-west-1_Local0001/.well-known/jwks.json.
 */
export const identityStandIn = new Hono<AppEnv>();

identityStandIn.use(
  '*',
  cors({
    origin: '*',
    allowMethods: ['POST', 'GET'],
    exposeHeaders: ['x-amzn-RequestId', 'x-amzn-ErrorType', 'x-amzn-ErrorMessage', 'Date'],
    maxAge: 86_400,
  }),
);

// Any path: mounted with app.route('/__idp', ...) the endpoint is both /__idp and /__idp/
// (a Cognito endpoint URL may carry a path prefix; SDKs POST to the URL itself).
identityStandIn.post('/*', async (c) => {
  try {
    const [service, operation = ''] = (c.req.header('X-Amz-Target') ?? '').split('.', 2);
    if (service !== SERVICE) throw new CognitoError('UnknownOperationException', 'The operation is not supported by this endpoint.');
    const body = await readJson(c);
    // One endpoint, two pools: the staff pool's requests name its client or pool, or carry its token.
    const actions = isStaffRequest(operation, body) ? STAFF_ACTIONS : ACTIONS;
    const action = Object.hasOwn(actions, operation) ? actions[operation] : undefined;
    if (!action) throw new CognitoError('UnknownOperationException', 'The operation is not supported by this endpoint.');
    const ctx = {
      db: c.env.DB,
      now: Date.now(),
      caller: callerAddress(c, body),
      preventUserExistenceErrors: c.env.PREVENT_USER_EXISTENCE_ERRORS !== 'LEGACY',
      authorization: c.req.header('Authorization') ?? null,
      amzDate: c.req.header('X-Amz-Date') ?? null,
    };
    return amzJson(c, 200, await action(ctx, body));
  } catch (err) {
    return errorAnswer(c, err);
  }
});

// Both pools' tokens are signed with the stand-in's keys (their issuers and clients differ).
identityStandIn.get(STAFF_JWKS_PATH, async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(await standInJwks(c.env.DB));
});

identityStandIn.get(JWKS_PATH, async (c) => {
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(await standInJwks(c.env.DB));
});

identityStandIn.onError((err, c) => errorAnswer(c, err));
