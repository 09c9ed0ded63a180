import type { MessageId } from '../../../i18n/message-ids';
import { IdentityError } from './identity-client';

/** The catalog text for a refusal of a multi-factor call. */
export function mfaErrorMessageId(error: unknown, recovery = false): MessageId {
  if (!(error instanceof IdentityError)) return 'mfa.error.generic';
  if (error.providerMessage.startsWith('INVALID_CODE : ')) return 'mfa.error.usedCode';
  switch (error.code) {
    case 'INVALID_CODE':
    case 'MISSING_CODE':
      return recovery ? 'mfa.error.invalidRecovery' : 'mfa.error.invalidCode';
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return 'mfa.error.tooMany';
    case 'SESSION_EXPIRED':
    case 'INVALID_SESSION_INFO':
      return 'mfa.error.expired';
    case 'INVALID_MFA_PENDING_CREDENTIAL':
    case 'MISSING_MFA_PENDING_CREDENTIAL':
      return 'mfa.error.pendingExpired';
    case 'INVALID_ID_TOKEN':
    case 'TOKEN_EXPIRED':
    case 'USER_NOT_FOUND':
      return 'mfa.error.session';
    case 'NETWORK_ERROR':
      return 'mfa.error.network';
    default:
      return 'mfa.error.generic';
  }
}
