/** What an action of the stand-in gets: storage, the request's time and the caller's address. */
export interface ActionContext {
  db: D1Database;
  /** epoch ms, taken once per request */
  now: number;
  /** CF-Connecting-IP, else 'local' */
  caller: string;
  /** the request's SigV4 Authorization and X-Amz-Date headers (Admin* actions need them), or null */
  authorization?: string | null;
  amzDate?: string | null;
}

/** One X-Amz-Target operation: a JSON body in, a JSON answer out, or a thrown CognitoError. */
export type Action = (ctx: ActionContext, body: unknown) => Promise<object>;
