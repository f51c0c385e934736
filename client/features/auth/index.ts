// The public entry of this feature: what other features may use of it (and nothing else).

export {
  auth,
  confirmSignUp,
  getAccessToken,
  greetingOf,
  login,
  resendSignUpCode,
  resetPassword,
  sendPhoneCode,
  sendResetCode,
  sendSignInCode,
  signInWithCode,
  signUp,
  updateProfile,
  useAuth,
  verifyPhone,
} from './store';
export type { ClientUser } from './store';
