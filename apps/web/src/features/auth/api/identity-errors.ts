import { PASSWORD_MIN } from '@photo/contract';
import { t } from '../../../i18n/i18n';
import type { MessageId } from '../../../i18n/message-ids';

/** The identity provider's error messages, in words a person understands (catalog ids). */
const WORDING: Record<string, MessageId> = {
  EMAIL_EXISTS: 'auth.error.emailExists',
  INVALID_EMAIL: 'auth.error.invalidEmail',
  MISSING_EMAIL: 'auth.error.missingEmail',
  MISSING_PASSWORD: 'auth.error.missingPassword',
  WEAK_PASSWORD: 'auth.error.weakPassword',
  INVALID_LOGIN_CREDENTIALS: 'auth.error.wrongCredentials',
  // Older services tell these two apart; we don't (it would reveal which accounts exist).
  EMAIL_NOT_FOUND: 'auth.error.wrongCredentials',
  INVALID_PASSWORD: 'auth.error.wrongCredentials',
  USER_DISABLED: 'auth.error.userDisabled',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'auth.error.tooManyAttempts',
  INVALID_REFRESH_TOKEN: 'errors.sessionEnded',
  MISSING_REFRESH_TOKEN: 'errors.sessionEnded',
  TOKEN_EXPIRED: 'errors.sessionEnded',
  USER_NOT_FOUND: 'errors.sessionEnded',
  OPERATION_NOT_ALLOWED: 'auth.error.notAllowed',
  NETWORK_ERROR: 'auth.error.network',
  INVALID_OOB_CODE: 'auth.error.invalidCode',
  EXPIRED_OOB_CODE: 'auth.error.expiredCode',
  MISSING_OOB_CODE: 'auth.error.missingCode',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'auth.error.signInAgain',
  INVALID_ID_TOKEN: 'errors.sessionEnded',
};

/**
 * A provider message such as "WEAK_PASSWORD : Password should be at least 8 characters" →
 * its code ("WEAK_PASSWORD"), the part before " : ".
 */
export function identityErrorCode(message: string): string {
  return (message.split(' : ')[0] ?? message).trim();
}

export function describeIdentityError(message: string): string {
  const id = WORDING[identityErrorCode(message)];
  return id ? t(id, { min: PASSWORD_MIN }) : t('auth.error.generic');
}
