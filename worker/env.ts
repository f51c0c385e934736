import { z } from 'zod';
import type { SalonDetails } from '../shared/types';

/** Bindings and vars of wrangler.toml. */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  RELEASE: string;
  APP_HOSTS: string;
  UPSTREAM_API?: string;
  /** 'production' never enables a stand-in; anything else (default 'development') may. */
  ENVIRONMENT?: string;
  /** Amazon Cognito user pool; unset offline, where the embedded identity stand-in answers. */
  COGNITO_USER_POOL_ID?: string;
  COGNITO_CLIENT_ID?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    salon?: SalonDetails;
    /** the verified client of a protected call (the Cognito username, a UUID) */
    clientSub?: string;
  };
}

const configSchema = z.object({
  release: z.string().min(1),
  appHosts: z.array(z.string().min(1)),
  upstreamApi: z
    .url({ message: 'UPSTREAM_API must be an absolute http(s) URL' })
    .refine((u) => /^https?:\/\//.test(u), 'UPSTREAM_API must be an http(s) URL')
    .transform((u) => (u.endsWith('/') ? u : `${u}/`))
    .optional(),
  production: z.boolean(),
  cognito: z
    .object({
      userPoolId: z.string().regex(/^[a-z]{2}-[a-z]+-\d_[A-Za-z0-9]+$/, 'COGNITO_USER_POOL_ID must look like eu-west-1_Abc123'),
      clientId: z.string().min(1, 'COGNITO_CLIENT_ID is required with COGNITO_USER_POOL_ID'),
    })
    .optional(),
}).refine((c) => !c.production || c.cognito, 'Production needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID: stand-ins never run in production');
export type Config = z.infer<typeof configSchema>;

let cached: { from: Env; config: Config } | undefined;

/** Validates the configuration once per isolate (and again only if the bindings change). */
export function configFrom(env: Env): Config {
  if (cached?.from === env) return cached.config;
  const parsed = configSchema.safeParse({
    release: env.RELEASE || 'dev',
    appHosts: (env.APP_HOSTS || 'localhost,127.0.0.1')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    upstreamApi: env.UPSTREAM_API?.trim() || undefined,
    production: env.ENVIRONMENT === 'production',
    cognito: env.COGNITO_USER_POOL_ID ? { userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID ?? '' } : undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid Worker configuration: ${issue?.message ?? 'unknown problem'}`);
  }
  const config = parsed.data;
  cached = { from: env, config };
  return config;
}
