/** What an action of the stand-in gets: storage, the request's time and the caller's address. */
export interface ActionContext {
  db: D1Database;
  /** epoch ms, taken once per request */
  now: number;
  /** CF-Connecting-IP, else 'local' */
  caller: string;
  /**
   * The app client's PreventUserExistenceErrors: ENABLED (true) answers a number with no account as
   * if it had one (a wrong password, a simulated delivery, a wrong code); LEGACY (false) says
   * UserNotFoundException. The stand-in's is ENABLED unless PREVENT_USER_EXISTENCE_ERRORS says LEGACY.
   */
  preventUserExistenceErrors?: boolean;
  /** the request's SigV4 Authorization and X-Amz-Date headers (Admin* actions need them), or null */
  authorization?: string | null;
  amzDate?: string | null;
}

/** One X-Amz-Target operation: a JSON body in, a JSON answer out, or a thrown CognitoError. */
export type Action = (ctx: ActionContext, body: unknown) => Promise<object>;
