import type * as z from 'zod';
import type { Action, ActionContext } from '../action';
import { CognitoError, invalidParameter } from '../cognito-error';
import { assertPasswordPolicy, hashPassword } from '../passwords';
import { parseRequest } from '../validation';
import { invitationText, staffEmailStatement } from './emails';
import { STAFF_POOL, TEMPORARY_PASSWORD_TTL_MS } from './pool';
import { adminCreateUserRequest, adminUserRequest } from './schemas';
import { assertSigned } from './sigv4';
import {
  describeStaffUser,
  insertStaffUser,
  revokeStaffSessionsStatement,
  setStaffPasswordStatement,
  staffUserByEmail,
  staffUserByUsername,
  userNotFound,
} from './users';

/** Every Admin* call: signed with IAM credentials, for this pool. */
function adminRequest<S extends z.ZodType<{ UserPoolId: string }>>(ctx: ActionContext, schema: S, body: unknown): z.output<S> {
  assertSigned(ctx.authorization ?? null, ctx.amzDate ?? null);
  const req = parseRequest(schema, body);
  if (req.UserPoolId !== STAFF_POOL.userPoolId)
    throw new CognitoError('ResourceNotFoundException', `User pool ${req.UserPoolId} does not exist.`);
  return req;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const pick = (set: string) => set[crypto.getRandomValues(new Uint32Array(1))[0]! % set.length]!;
/** A temporary password that meets the pool's policy: an uppercase, a lowercase, a digit, a symbol and 8 more. */
function temporaryPassword(): string {
  const all = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return [
    pick('ABCDEFGHJKLMNPQRSTUVWXYZ'),
    pick('abcdefghijkmnpqrstuvwxyz'),
    pick('23456789'),
    pick('!#%^*'),
    ...Array.from({ length: 8 }, () => pick(all)),
  ].join('');
}

/**
 * AdminCreateUser: a user signed in by email, FORCE_CHANGE_PASSWORD, with a temporary password
 * (given, or made up) emailed in Cognito's default words unless MessageAction is SUPPRESS.
 * MessageAction RESEND emails a new temporary password to a user who has not signed in yet.
 */
export const adminCreateUser: Action = async (ctx, body) => {
  const req = adminRequest(ctx, adminCreateUserRequest, body);
  const email = req.Username.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalidParameter('Username should be an email.');
  const attrs = Object.fromEntries((req.UserAttributes ?? []).map((a) => [a.Name, a.Value]));
  if (attrs.email !== undefined && attrs.email.toLowerCase() !== email) throw invalidParameter('The email attribute must be the username.');
  const password = req.TemporaryPassword ?? temporaryPassword();
  assertPasswordPolicy(password);
  const stored = await hashPassword(password);
  const tempUntil = ctx.now + TEMPORARY_PASSWORD_TTL_MS;
  if (req.MessageAction === 'RESEND') {
    const user = await staffUserByEmail(ctx.db, email);
    if (!user) throw new CognitoError('UserNotFoundException', 'User does not exist.');
    if (user.status !== 'FORCE_CHANGE_PASSWORD')
      throw new CognitoError('UnsupportedUserStateException', 'Resend not possible. User is already confirmed.');
    await ctx.db.batch([
      setStaffPasswordStatement(ctx.db, user.sub, stored, ctx.now, tempUntil),
      await staffEmailStatement(ctx.db, email, 'Your temporary password', invitationText(email, password), ctx.now),
    ]);
    return { User: describeStaffUser({ ...user, updated_at: ctx.now }) };
  }
  const sub = crypto.randomUUID();
  await insertStaffUser(ctx.db, { sub, email, name: attrs.name?.trim() || null, password: stored, tempUntil }, ctx.now);
  if (req.MessageAction !== 'SUPPRESS') {
    await (await staffEmailStatement(ctx.db, email, 'Your temporary password', invitationText(email, password), ctx.now)).run();
  }
  const user = await staffUserByEmail(ctx.db, email);
  if (!user) throw new Error('staff user missing after creation');
  return { User: describeStaffUser(user) };
};

export const adminGetUser: Action = async (ctx, body) => {
  const req = adminRequest(ctx, adminUserRequest, body);
  const user = await staffUserByUsername(ctx.db, req.Username);
  if (!user) throw userNotFound();
  const { Attributes, ...rest } = describeStaffUser(user);
  return { ...rest, UserAttributes: Attributes };
};

/** AdminDisableUser: no more sign-ins, and every session of the user ends. */
export const adminDisableUser: Action = async (ctx, body) => {
  const req = adminRequest(ctx, adminUserRequest, body);
  const user = await staffUserByUsername(ctx.db, req.Username);
  if (!user) throw userNotFound();
  await ctx.db.batch([
    ctx.db.prepare('UPDATE staff_users SET enabled = 0, updated_at = ? WHERE sub = ?').bind(ctx.now, user.sub),
    revokeStaffSessionsStatement(ctx.db, user.sub, ctx.now),
  ]);
  return {};
};

export const adminEnableUser: Action = async (ctx, body) => {
  const req = adminRequest(ctx, adminUserRequest, body);
  const user = await staffUserByUsername(ctx.db, req.Username);
  if (!user) throw userNotFound();
  await ctx.db.prepare('UPDATE staff_users SET enabled = 1, updated_at = ? WHERE sub = ?').bind(ctx.now, user.sub).run();
  return {};
};

/** AdminDeleteUser: the user, its sessions, challenges and codes are gone. */
export const adminDeleteUser: Action = async (ctx, body) => {
  const req = adminRequest(ctx, adminUserRequest, body);
  const user = await staffUserByUsername(ctx.db, req.Username);
  if (!user) throw userNotFound();
  const db = ctx.db;
  await db.batch([
    db.prepare('DELETE FROM staff_access_tokens WHERE origin_jti IN (SELECT origin_jti FROM staff_sessions WHERE sub = ?)').bind(user.sub),
    db.prepare('DELETE FROM staff_sessions WHERE sub = ?').bind(user.sub),
    db.prepare('DELETE FROM staff_challenges WHERE sub = ?').bind(user.sub),
    db.prepare('DELETE FROM staff_codes WHERE sub = ?').bind(user.sub),
    db.prepare('DELETE FROM staff_users WHERE sub = ?').bind(user.sub),
  ]);
  return {};
};
