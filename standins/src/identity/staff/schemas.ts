import * as z from 'zod';

/** Request shapes of the staff pool's own actions (AWS's member constraints; unknown members ignored). */
const poolId = z
  .string()
  .min(1)
  .max(55)
  .regex(/^[\w-]+_[0-9a-zA-Z]+$/);
const username = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u);
const attribute = z.object({ Name: z.string().min(1).max(32), Value: z.string().max(2048) });

export const adminCreateUserRequest = z.object({
  UserPoolId: poolId,
  Username: username,
  UserAttributes: z.array(attribute).max(50).optional(),
  TemporaryPassword: z.string().max(256).optional(),
  MessageAction: z.enum(['RESEND', 'SUPPRESS']).optional(),
  DesiredDeliveryMediums: z.array(z.enum(['EMAIL', 'SMS'])).optional(),
});

export const adminUserRequest = z.object({ UserPoolId: poolId, Username: username });

export const respondToAuthChallengeRequest = z.object({
  ClientId: z.string().min(1).max(128),
  ChallengeName: z.string().min(1).max(64),
  Session: z.string().min(20).max(2048),
  ChallengeResponses: z.record(z.string().max(128), z.string().max(2048)),
});
