/**
 * The messages of docs/booking/journey.md and docs/booking/accounts-and-money.md, word for word, as the
 * browser tests (tests/e2e) and the component tests (tests/unit/components) look for them.
 */
export const MSG = {
  pickADay: 'Click on a day that you wish to come in.',
  patchNote: 'Patch tests must be done at least 48 hrs before your appointment',
  patchTimeSelected: 'Patch test time selected, hit next to choose appointment time',
  wrongPassword: 'Ooops, that password seems to be incorrect',
  loginPhone: 'Please enter a valid phone number in order to proceed',
  alreadyRegistered: "Ooops, it looks like you've already got an account!",
  firstName: 'First Name must be 2 characters long',
  lastName: 'Please enter your last name',
  email: 'Please enter a valid email address',
  phone: 'Please enter valid phone number',
  phonesDiffer: 'Phone numbers do not match. Please check and try again',
  passwordRule:
    'Password needs to be at least 8 characters in length and contain lowercase character, at least one uppercase character and a number.',
  resetPasswordRule: 'Password needs to be at least 8 characters in length and contain an uppercase character and a number.',
  code: 'Please enter a valid code',
  passwordsDiffer: 'Passwords do not match',
  profileName: 'Name must be 2 characters long',
  resetWentWrong: 'Reset went wrong',
  noDeposits: 'You have no new deposit requests',
  noSalons: "We can't find any salons for you",
} as const;
