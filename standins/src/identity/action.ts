/** What an action of the stand-in gets: storage, the request's time and the caller's address. */
export interface ActionContext {
  db: D1Database;
  /** epoch ms, taken once per request */
  now: number;
  /** CF-Connecting-IP, else 'local' */
  caller: string;
}

/** One X-Amz-Target operation: a JSON body in, a JSON answer out, or a thrown CognitoError. */
export type Action = (ctx: ActionContext, body: unknown) => Promise<object>;
