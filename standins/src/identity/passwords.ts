import { CognitoError } from './cognito-error';
import { base64, fromBase64, randomBytes, sameBytes, utf8 } from './bytes';

/** The pool's password policy: at least 8 characters with a lowercase, an uppercase and a digit. */
const POLICY: [test: (pw: string) => boolean, problem: string][] = [
  [(pw) => [...pw].length >= 8, 'Password not long enough'],
  [(pw) => /[a-z]/.test(pw), 'Password must have lowercase characters'],
  [(pw) => /[A-Z]/.test(pw), 'Password must have uppercase characters'],
  [(pw) => /[0-9]/.test(pw), 'Password must have numeric characters'],
];

/** The first rule a password breaks, in Cognito's words, or undefined. */
export function passwordProblem(password: string): string | undefined {
  return POLICY.find(([test]) => !test(password))?.[1];
}

export function assertPasswordPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${problem}`);
}

const PASSWORD_ALGORITHM = 'PBKDF2-SHA256';
/** workerd's maximum PBKDF2 iteration count. */
const PASSWORD_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

/** What is stored for a password: never the password itself. */
export interface StoredPassword {
  algorithm: string;
  iterations: number;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

async function pbkdf2(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** A slow salted hash of a password (PBKDF2-SHA256, 100 000 iterations, 16-byte random salt). */
export async function hashPassword(password: string): Promise<StoredPassword> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await pbkdf2(password, salt, PASSWORD_ITERATIONS);
  return { algorithm: PASSWORD_ALGORITHM, iterations: PASSWORD_ITERATIONS, salt: base64(salt), hash: base64(hash) };
}

/** Whether a password matches what was stored (constant-time comparison of the hashes). */
export async function verifyPassword(password: string, stored: StoredPassword): Promise<boolean> {
  if (stored.algorithm !== PASSWORD_ALGORITHM) return false;
  if (!Number.isInteger(stored.iterations) || stored.iterations < 1 || stored.iterations > PASSWORD_ITERATIONS) return false;
  const hash = await pbkdf2(password, fromBase64(stored.salt), stored.iterations);
  return sameBytes(hash, fromBase64(stored.hash));
}
