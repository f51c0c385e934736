import { z } from 'zod';
import type { SalonDetails } from '../shared/types';

/** Bindings and vars of wrangler.toml. */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  RELEASE: string;
  APP_HOSTS: string;
  UPSTREAM_API?: string;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    salon?: SalonDetails;
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
});
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
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid Worker configuration: ${issue?.message ?? 'unknown problem'}`);
  }
  const config = parsed.data;
  cached = { from: env, config };
  return config;
}
