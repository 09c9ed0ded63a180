import { IDENTITY_ACTION_PATH, type IdentityOobRequestType } from '@photo/contract';
import type { MailMessage } from '../../infra/mailer.js';
import { mailText, type MailLocale } from '../../lib/mail-texts/mail-texts.js';

/** The link in an identity e-mail, shaped like the hosted provider's: …?mode=…&oobCode=…. */
export function actionLink(origin: string, mode: 'resetPassword' | 'verifyEmail', code: string) {
  const url = new URL(IDENTITY_ACTION_PATH, origin);
  url.searchParams.set('mode', mode);
  url.searchParams.set('oobCode', code);
  return url.toString();
}

/** The e-mail that carries a password-reset or address-verification code, in `locale`. */
export function oobMail(
  requestType: IdentityOobRequestType,
  to: string,
  code: string,
  origin: string,
  locale: MailLocale = 'en',
): MailMessage {
  switch (requestType) {
    case 'PASSWORD_RESET': {
      const link = actionLink(origin, 'resetPassword', code);
      return {
        to,
        subject: mailText(locale, 'reset.subject'),
        text: mailText(locale, 'reset.text', { email: to, link }),
      };
    }
    case 'VERIFY_EMAIL': {
      const link = actionLink(origin, 'verifyEmail', code);
      return {
        to,
        subject: mailText(locale, 'verify.subject'),
        text: mailText(locale, 'verify.text', { email: to, link }),
      };
    }
  }
}
