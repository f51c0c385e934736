/** Validation rules and messages of docs/booking/accounts-and-money.md §5 and §8, word for word. */

export const MSG_PASSWORD_RULE =
  'Password needs to be at least 8 characters in length and contain lowercase character, at least one uppercase character and a number.';
export const MSG_RESET_PASSWORD_RULE =
  'Password needs to be at least 8 characters in length and contain an uppercase character and a number.';
export const PASSWORD_HINT = '8 characters, 1 uppercase, 1 number';
export const MSG_FIRST_NAME = 'First Name must be 2 characters long';
export const MSG_LAST_NAME = 'Please enter your last name';
export const MSG_EMAIL = 'Please enter a valid email address';
export const MSG_PHONE = 'Please enter valid phone number';
export const MSG_PHONES_DIFFER = 'Phone numbers do not match. Please check and try again';
export const MSG_LOGIN_PHONE = 'Please enter a valid phone number in order to proceed';
export const MSG_CODE = 'Please enter a valid code';
export const MSG_PASSWORDS_DIFFER = 'Passwords do not match';
export const MSG_PROFILE_NAME = 'Name must be 2 characters long';

const MSG_WRONG_PASSWORD = 'Ooops, that password seems to be incorrect';
const MSG_WRONG_PASSWORD_HINT = 'Please try again, or use the Forgotten password link below to reset it.';
const MSG_NO_ACCOUNT =
  "Sorry, it looks like you haven't setup an online account with us yet. Please create an account to complete your booking.";
const MSG_ALREADY_REGISTERED = "Ooops, it looks like you've already got an account!";
const MSG_ALREADY_REGISTERED_HINT = 'Try logging in with your mobile number and password below';
const MSG_LOGIN_FAILED = 'Incorrect username or password';
const MSG_TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const MSG_RESET_WENT_WRONG = 'Reset went wrong';

/** A number in E.164 ('+447700900123'), as the identity provider takes it. */
export const E164 = /^\+[1-9]\d{6,14}$/;

/** What a failed login says (§8), from the error's code (the identity provider's error type). */
export function loginFailure(code: string | undefined): { message: string; hint?: string } {
  if (code === 'UsernameExistsException') return { message: MSG_ALREADY_REGISTERED, hint: MSG_ALREADY_REGISTERED_HINT };
  if (code === 'PasswordAttemptsExceeded' || code === 'LimitExceededException') return { message: MSG_TOO_MANY_ATTEMPTS };
  if (code === 'NotAuthorizedException') return { message: MSG_WRONG_PASSWORD, hint: MSG_WRONG_PASSWORD_HINT };
  if (code === 'UserLambdaValidationException' || code === 'UserNotFoundException') return { message: MSG_NO_ACCOUNT };
  return { message: MSG_LOGIN_FAILED };
}
export const PASSWORD_RULE_HINT = 'At least 8 characters, with a lowercase letter, an uppercase letter and a number';
