import type { StandInsEnv } from '../env';

/** The stand-in Pusher app's credentials ([vars] of standins/wrangler.toml). */
export interface PusherApp {
  appId: string;
  key: string;
  secret: string;
}

export const pusherApp = (env: StandInsEnv): PusherApp => ({
  appId: env.PUSHER_APP_ID,
  key: env.PUSHER_KEY,
  secret: env.PUSHER_SECRET,
});
