import { IDENTITY_ACTION_PATH, type IdentityOobRequestType } from '@photo/contract';
import type { MailMessage } from '../../infra/mailer.js';

/** The link in an identity e-mail, shaped like the hosted provider's: …?mode=…&oobCode=…. */
export function actionLink(origin: string, mode: 'resetPassword' | 'verifyEmail', code: string) {
  const url = new URL(IDENTITY_ACTION_PATH, origin);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  return url.toString();
}

/** The e-mail that carries a password-reset or address-verification code. */
export function oobMail(
  requestType: IdentityOobRequestType,
  to: string,
  code: string,
  origin: string,
): MailMessage {
  switch (requestType) {
    case 'PASSWORD_RESET': {
      const link = actionLink(origin, 'resetPassword', code);
      return {
        to,
        subject: 'Reset your password',
        text:
          `Someone asked to reset the password of your account (${to}).\n\n` +
          `To choose a new password, open this link within an hour:\n${link}\n\n` +
          'If it was not you, ignore this message: your password stays as it is.\n',
      };
    }
    case 'VERIFY_EMAIL': {
      const link = actionLink(origin, 'verifyEmail', code);
      return {
        to,
        subject: 'Confirm your e-mail address',
        text:
          `To confirm that ${to} is your address, open this link within three days:\n${link}\n\n` +
          'If you did not create an account, ignore this message.\n',
      };
    }
  }
}
