import { counterOf, type AbuseCounter } from './counter';
import { AppError } from '../errors';
import { sha256Hex } from '../crypto';

/**
 * How much of each sensitive action one phone number, one address or one salon may use, and
 * the messages of a refusal (docs/abuse.md). Every use is counted before the work it guards (a
 * password check, a code comparison, an account), atomically by a Durable Object per key
 * (./counter.ts), so concurrency cannot
 * multiply an allowance: fifty simultaneous wrong passwords for one phone check five.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const LIMITS = {
  /** password (or sign-in code) checks per account and address: one address's guesses */
  loginPerPair: { max: 5, windowMs: 15 * MINUTE },
  /**
   * checks per account from any address: beyond it only an address's first attempt at the
   * account is checked, so guessing from many addresses slows down while the owner's own
   * address (which has tried nothing) is still let through
   */
  loginPerAccount: { max: 8, windowMs: 15 * MINUTE },
  /** the account's owner is told of the guessing at most once in this window */
  loginNotice: { max: 1, windowMs: HOUR },
  /**
   * different phone numbers tried from one address (sign-in, sign-up, reset, codes): a number
   * already tried in the window always passes, so a carrier NAT's clients keep their own
   */
  numbersPerAddress: { max: 50, windowMs: HOUR },
  /** sign-in attempts per address: high, for many phones behind one carrier NAT */
  loginPerAddress: { max: 100, windowMs: 15 * MINUTE },
  /** codes texted on request (password reset, a new sign-up or phone code), per phone number and per address */
  codeSendPerPhone: { max: 5, windowMs: HOUR },
  codeSendPerAddress: { max: 30, windowMs: HOUR },
  /** code comparisons (password reset, sign-up confirmation, phone verification) per phone number */
  codeCheckPerPhone: { max: 5, windowMs: HOUR },
  /** accounts created per address */
  signupPerAddress: { max: 30, windowMs: HOUR },
  /** console accounts signed up per email domain: a flood of made-up addresses at one domain */
  signupPerDomain: { max: 50, windowMs: HOUR },
  /** salons one person sets up (each is some thirty rows and a live page) */
  newSalonsPerPerson: { max: 10, windowMs: 24 * HOUR },
  /**
   * booking verification and opt-out codes tried, per address and per code: never per salon, so
   * that nobody can lock a salon's links for its real clients (a code is 12 characters of 31)
   */
  verifyPerAddress: { max: 20, windowMs: 15 * MINUTE },
  verifyPerCode: { max: 5, windowMs: 15 * MINUTE },
  /**
   * public calls the edge cache does not answer (availability first), per address: one caller's
   * burst cannot slow every salon (a journey makes a few a second at most)
   */
  publicPerAddress: { max: 30, windowMs: 10_000 },
  /** rebooking tokens made from a link (each one is a row), per address and per link */
  rebookingTokenPerAddress: { max: 60, windowMs: 15 * MINUTE },
  rebookingTokenPerLink: { max: 30, windowMs: 15 * MINUTE },
} as const;
type Limit = keyof typeof LIMITS;
type Counters = DurableObjectNamespace<AbuseCounter>;

export const MSG_LOGIN_LOCKED = 'Password attempts exceeded. Please wait 15 minutes and try again, or reset your password.';
export const MSG_TOO_MANY_FROM_ADDRESS = 'Too many attempts from your network. Please wait a few minutes and try again.';
export const MSG_NUMBERS_FROM_ADDRESS =
  'Too many different phone numbers have been tried from your network. Please try again in an hour with a number you have already used.';
export const MSG_RESET_LIMIT = 'Attempt limit exceeded, please try after some time.';
export const MSG_SIGNUP_LIMIT = 'Too many accounts have been created from your network. Please try again in an hour.';
export const MSG_SIGNUP_DOMAIN_LIMIT =
  'Too many accounts have been created with email addresses at this domain. Please try again in an hour.';
export const MSG_NEW_SALON_LIMIT = 'You have set up 10 salons today, the most in a day. Please try again tomorrow.';
export const MSG_REBOOKING_TOKEN_LIMIT =
  'Too many attempts to open rebooking links. Please wait 15 minutes and open the link from your text message again.';
export const MSG_PUBLIC_LIMIT = 'Too many requests from your network. Please wait 10 seconds and try again.';
export const MSG_VERIFY_LIMIT = 'Too many attempts. Please wait 15 minutes and try the link from your text message again.';

const keyOf = (limit: Limit, id: string) => `${limit}:${id}`;

/** Counts one use against each (limit, id) and answers each count, this use included. */
function count(ns: Counters, uses: [Limit, string][], now: number): Promise<number[]> {
  return Promise.all(uses.map(([limit, id]) => counterOf(ns, keyOf(limit, id)).count(LIMITS[limit].windowMs, now)));
}

/** Counts one use against each (limit, id) and answers whether each is still within its limit. */
async function use(ns: Counters, uses: [Limit, string][], now: number): Promise<boolean[]> {
  const counts = await count(ns, uses, now);
  return counts.map((n, i) => n <= LIMITS[uses[i]![0]].max);
}

const refuse = (message: string): never => {
  throw new AppError('TOO_MANY_REQUESTS', message);
};

/** More checks of one account in its window than one person's mistakes: its owner is told (once an hour). */
export const LOGIN_NOTICE_AFTER = LIMITS.loginPerPair.max;

/**
 * Before a password or sign-in code is checked (docs/abuse.md "Guessing is limited, nobody is
 * locked out"). Counted atomically per account and address, per account and per address:
 * - an address has at most 5 checks of one account in 15 minutes;
 * - an address's first attempt at an account is always checked (whatever others have tried), so
 *   guesses from elsewhere never lock the owner out; its further attempts are refused once the
 *   account has had 8 in the window, so guessing from many addresses slows to one try each;
 * - a busy address (a carrier NAT) is refused only for accounts it has already tried.
 * `tellOwner` is called once an hour at most, when the account has had more checks in its window
 * than one person's mistakes, whether or not this attempt is refused.
 */
export async function admitLogin(ns: Counters, account: string, address: string, now: number, tellOwner?: () => void) {
  // the address-wide count, as every address limit, leaves out calls with no address ('local')
  const [pair = 0, forAccount = 0, fromAddress = 0] = await count(
    ns,
    [
      ['loginPerPair', `${account}|${address}`],
      ['loginPerAccount', account],
      ...(address === 'local' ? [] : ([['loginPerAddress', address]] as [Limit, string][])),
    ],
    now,
  );
  if (forAccount > LOGIN_NOTICE_AFTER && tellOwner) {
    const [notices = 0] = await count(ns, [['loginNotice', account]], now);
    if (notices <= LIMITS.loginNotice.max) tellOwner();
  }
  if (pair > LIMITS.loginPerPair.max) refuse(MSG_LOGIN_LOCKED);
  if (pair > 1 && forAccount > LIMITS.loginPerAccount.max) refuse(MSG_LOGIN_LOCKED);
  if (pair > 1 && fromAddress > LIMITS.loginPerAddress.max) refuse(MSG_TOO_MANY_FROM_ADDRESS);
}

/** A correct password or code clears its account's counts (this address's, and the account's). */
export const loginSucceeded = (ns: Counters, account: string, address: string) =>
  Promise.all([
    counterOf(ns, keyOf('loginPerPair', `${account}|${address}`)).forget(),
    counterOf(ns, keyOf('loginPerAccount', account)).forget(),
  ]);

/**
 * Before anything is done with a phone number an anonymous caller typed (sign-in, sign-up, a
 * reset, a code): at most 50 different numbers per address an hour, so that nobody lists which
 * numbers have accounts. A number the address has already tried in the window always passes.
 * Not counted without an address ('local': wrangler dev and the tests; Cloudflare always sends one).
 */
export async function admitNumber(ns: Counters, phone: string, address: string, now: number) {
  if (address === 'local') return;
  const { max, windowMs } = LIMITS.numbersPerAddress;
  const member = await sha256Hex(phone);
  const { distinct, seen } = await counterOf(ns, keyOf('numbersPerAddress', address)).countDistinct(member, windowMs, now, max + 1);
  if (!seen && distinct > max) refuse(MSG_NUMBERS_FROM_ADDRESS);
}

/** Before a code is texted on request: a password reset, or a new sign-up or phone code. */
export async function admitCodeSend(ns: Counters, phone: string, address: string, now: number) {
  const ok = await use(
    ns,
    [
      ['codeSendPerPhone', phone],
      ['codeSendPerAddress', address],
    ],
    now,
  );
  if (ok.includes(false)) refuse(MSG_RESET_LIMIT);
}

/** Before a texted code is compared, whatever it is for. */
export async function admitCodeCheck(ns: Counters, phone: string, now: number) {
  if (!(await use(ns, [['codeCheckPerPhone', phone]], now))[0]) refuse(MSG_RESET_LIMIT);
}

export async function admitSignup(ns: Counters, address: string, now: number) {
  if (!(await use(ns, [['signupPerAddress', address]], now))[0]) refuse(MSG_SIGNUP_LIMIT);
}

/**
 * Before a console sign-up (docs/abuse.md): per address, as any account, and per email domain
 * (the part after the @), counted together so that one refused still used the other.
 */
export async function admitStaffSignup(ns: Counters, email: string, address: string, now: number) {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const [perAddress, perDomain] = await use(
    ns,
    [
      ['signupPerAddress', address],
      ['signupPerDomain', domain],
    ],
    now,
  );
  if (!perAddress) refuse(MSG_SIGNUP_LIMIT);
  if (!perDomain) refuse(MSG_SIGNUP_DOMAIN_LIMIT);
}

/** Before a signed-in person sets up a salon: 10 a day each. */
export async function admitNewSalon(ns: Counters, staffSub: string, now: number) {
  if (!(await use(ns, [['newSalonsPerPerson', staffSub]], now))[0]) refuse(MSG_NEW_SALON_LIMIT);
}

/** Before a booking verification or opt-out code is looked up: per address and per code, not per salon. */
export async function admitVerification(ns: Counters, salonId: number, code: string, address: string, now: number) {
  const ok = await use(
    ns,
    [
      ['verifyPerAddress', address],
      ['verifyPerCode', `${salonId}:${code}`],
    ],
    now,
  );
  if (ok.includes(false)) refuse(MSG_VERIFY_LIMIT);
}

/**
 * This isolate's own count of each address's public calls in the current window: never more than
 * the Durable Object's (which counts every isolate's), so refusing past the limit here is always
 * right, and a burst's surplus is refused at once, without a call to the counter each. At most
 * 10,000 addresses, the oldest forgotten first.
 */
const localPublicCounts = new Map<string, { count: number; start: number }>();
const LOCAL_ADDRESSES = 10_000;

function countLocally(address: string, now: number): number {
  const { windowMs } = LIMITS.publicPerAddress;
  const w = localPublicCounts.get(address);
  const next = !w || now - w.start >= windowMs ? { count: 1, start: now } : { count: w.count + 1, start: w.start };
  if (!w && localPublicCounts.size >= LOCAL_ADDRESSES) localPublicCounts.delete(localPublicCounts.keys().next().value as string);
  localPublicCounts.set(address, next);
  return next.count;
}

/**
 * Before a public call the edge cache does not answer (availability, a call with a query):
 * 30 per address in 10 seconds. Not counted without an address ('local': development and tests).
 */
export async function admitPublicCall(ns: Counters, address: string, now: number) {
  if (address === 'local') return;
  if (countLocally(address, now) > LIMITS.publicPerAddress.max) refuse(MSG_PUBLIC_LIMIT);
  if (!(await use(ns, [['publicPerAddress', address]], now))[0]) refuse(MSG_PUBLIC_LIMIT);
}

/** Before a rebooking link makes a token (a row each): per address and per link. */
export async function admitRebookingToken(ns: Counters, urlhash: string, address: string, now: number) {
  const ok = await use(
    ns,
    [
      ['rebookingTokenPerAddress', address],
      ['rebookingTokenPerLink', await sha256Hex(urlhash)],
    ],
    now,
  );
  if (ok.includes(false)) refuse(MSG_REBOOKING_TOKEN_LIMIT);
}

/** The machine's own addresses: what wrangler dev (Miniflare) gives a request that came without one. */
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;

/**
 * The caller's address as Cloudflare gives it, or 'local' without one: the tests, and wrangler
 * dev, which sets CF-Connecting-IP to the loopback address its own client came from (Cloudflare
 * never gives a visitor a loopback address). The limits that say so do not count 'local'.
 */
export const addressOf = (header: string | undefined) => (header === undefined || LOOPBACK.test(header) ? 'local' : header.slice(0, 64));

/**
 * Ended sessions (a logout): Cognito's signatures on the session's access tokens stay valid until
 * they expire, so the session (its origin_jti) is marked until then and refused.
 */
export const endSession = (ns: Counters, originJti: string, until: number) => counterOf(ns, `ended:${originJti}`).mark(until);
export const isSessionEnded = (ns: Counters, originJti: string, now: number) => counterOf(ns, `ended:${originJti}`).isMarked(now);
