/**
 * The account flows' user-facing texts (seller spec §5 and §8), shared by the forms and the API so
 * a message shown under a field is the one the server answers with.
 */
export const authMessages = {
  invalidEmail: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  invalidPhone: 'Phone number must be a valid phone number (7 to 15 digits)',
  /** Edit Profile's phone while text reminders are on (they need E.164). */
  phoneNotInternational:
    'Your text reminders go to this number: give it in international format, e.g. +1 555 123 4567, or turn text reminders off first',
  phoneNeededForTexts: 'Your text reminders go to this number: turn them off before removing it',
  roleRequired: 'Please select agent or seller',
  resetTokenRequired: 'Reset token is required',
  tooLong: 'This value is too long',
  /** A named field over its limit: 'First name must be at most 100 characters'. */
  atMost: (field: string, max: number) => `${field} must be at most ${max} characters`,
  /** Duplicate registration or profile e-mail (409). */
  emailTaken: 'An account with this email already exists',
  /** Wrong password and unknown e-mail answer alike (401). */
  invalidCredentials: 'Invalid email or password',
  tooManyFailedSignIns: (retryAfterSeconds: number) => {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const wait =
      minutes >= 120 ? `${Math.ceil(minutes / 60)} hours` : minutes === 1 ? '1 minute' : `${minutes} minutes`;
    return `Too many failed sign-in attempts. Please wait ${wait} and try again.`;
  },
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Your current password is not correct',
  /** Change password (PUT /api/auth/user/password). */
  currentPasswordNeeded: 'Enter your current password',
  newPasswordSameAsCurrent: 'Choose a password other than your current one',
  passwordChanged: 'Your password has been changed. Other devices where you were signed in were signed out.',
  tooManySignUps: 'Too many accounts were created from this network. Please try again later.',
  tooManyResetRequests: 'Too many password reset attempts from this network. Please try again later.',
  /** The one answer to a reset request, whether or not the address has an account. */
  resetEmailSent: 'If an account exists for that email, we have sent a link to reset your password.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  signedOut: 'You have been signed out.',
  /** Where you're signed in (Edit Profile). */
  sessionEnded: 'That device was signed out.',
  sessionNotFound: 'That device is no longer signed in.',
  otherSessionsEnded: (count: number) =>
    count === 0
      ? 'You were not signed in anywhere else.'
      : `Signed out of ${count === 1 ? '1 other device' : `${count} other devices`}.`,
} as const;

/** Machine-readable codes of the account errors (beyond the shared ones in errors.ts). */
export const AuthErrorCode = {
  emailTaken: 'EMAIL_TAKEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  resetTokenInvalid: 'RESET_TOKEN_INVALID',
  agentNotFound: 'AGENT_NOT_FOUND',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];
