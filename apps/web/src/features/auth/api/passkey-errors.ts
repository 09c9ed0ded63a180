import type { MessageId } from '../../../i18n/message-ids';
import { IdentityError } from './identity-client';
import { PasskeyBrowserError, PasskeyCancelled } from './passkeys';

const BY_CODE: Record<string, MessageId> = {
  INVALID_PASSKEY_CHALLENGE: 'passkeys.error.expired',
  PASSKEY_NOT_FOUND: 'passkeys.error.notFound',
  PASSKEY_COUNTER_REPLAYED: 'passkeys.error.replayed',
  PASSKEY_EXISTS: 'passkeys.error.exists',
  INVALID_PASSKEY_NAME: 'passkeys.error.nameInvalid',
  TOO_MANY_PASSKEYS: 'passkeys.error.tooMany',
  INVALID_ID_TOKEN: 'passkeys.error.session',
  TOKEN_EXPIRED: 'passkeys.error.session',
  USER_NOT_FOUND: 'passkeys.error.session',
  NETWORK_ERROR: 'passkeys.error.network',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'passkeys.error.tooManyAttempts',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'passkeys.error.exists',
};

/** The catalog text that tells a person why a passkey call failed. */
export function passkeyErrorMessage(error: unknown): MessageId {
  if (error instanceof PasskeyCancelled) return 'passkeys.error.cancelled';
  if (error instanceof PasskeyBrowserError) return BY_CODE[error.code] ?? 'passkeys.error.browser';
  if (error instanceof IdentityError) return BY_CODE[error.code] ?? 'passkeys.error.generic';
  return 'passkeys.error.generic';
}
