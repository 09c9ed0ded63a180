import { PASSWORD_MIN } from '@photo/contract';

/** The identity provider's error messages, in words a person understands. */
const WORDING: Record<string, string> = {
  EMAIL_EXISTS: 'An account with this e-mail address already exists.',
  INVALID_EMAIL: 'That e-mail address is not valid. Check it and try again.',
  MISSING_EMAIL: 'Enter your e-mail address.',
  MISSING_PASSWORD: 'Enter your password.',
  WEAK_PASSWORD: `That password is too weak: use at least ${PASSWORD_MIN} characters.`,
  INVALID_LOGIN_CREDENTIALS: 'The e-mail address or password is not right.',
  // Older services tell these two apart; we don't (it would reveal which accounts exist).
  EMAIL_NOT_FOUND: 'The e-mail address or password is not right.',
  INVALID_PASSWORD: 'The e-mail address or password is not right.',
  USER_DISABLED: 'This account has been disabled.',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'Too many attempts. Wait a few minutes, then try again.',
  INVALID_REFRESH_TOKEN: 'Your session has ended. Please sign in again.',
  MISSING_REFRESH_TOKEN: 'Your session has ended. Please sign in again.',
  TOKEN_EXPIRED: 'Your session has ended. Please sign in again.',
  USER_NOT_FOUND: 'Your session has ended. Please sign in again.',
  OPERATION_NOT_ALLOWED: 'Signing in with an e-mail address and password is not enabled.',
  NETWORK_ERROR: 'Could not reach the sign-in service. Check your connection and try again.',
  INVALID_OOB_CODE: 'This link has already been used, or is not valid. Ask for a new one.',
  EXPIRED_OOB_CODE: 'This link has expired. Ask for a new one.',
  MISSING_OOB_CODE: 'This link is incomplete. Open the link from the e-mail again.',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'For your safety, sign in again, then try once more.',
  INVALID_ID_TOKEN: 'Your session has ended. Please sign in again.',
};

export const GENERIC_IDENTITY_MESSAGE = 'Signing in did not work. Please try again.';

/**
 * A provider message such as "WEAK_PASSWORD : Password should be at least 8 characters" →
 * its code ("WEAK_PASSWORD"), the part before " : ".
 */
export function identityErrorCode(message: string): string {
  return (message.split(' : ')[0] ?? message).trim();
}

export function describeIdentityError(message: string): string {
  return WORDING[identityErrorCode(message)] ?? GENERIC_IDENTITY_MESSAGE;
}
