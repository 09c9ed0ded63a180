import { currentLocale } from '../../i18n/i18n';
import { readSession } from '../auth/session-store';
import { apiJson } from './api-client';

/**
 * Tells the server the language the person reads, so that their e-mails are written in it
 * (PATCH users/me/preferences): when they choose one, and when they sign in. Nothing to tell
 * when nobody is signed in; a failure is not shown (the e-mails stay in the language they were).
 */
export function tellServerLocale(locale = currentLocale()): void {
  if (!readSession()) return;
  apiJson('/api/users/me/preferences', { method: 'PATCH', json: { locale } }).catch(() => {
    // Told again at the next choice or sign-in.
  });
}
