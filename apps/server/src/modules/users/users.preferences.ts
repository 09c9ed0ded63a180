import { USER_LOCALES, type Preferences, type UserLocale } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { findUserLocale, setUserLocale } from './users.repository.js';

const userNotFound = () => notFound('USER_NOT_FOUND', 'The user');
const asLocale = (value: string | null): UserLocale | null =>
  USER_LOCALES.find((locale) => locale === value) ?? null;

/** The caller's preferences: the language their e-mails are written in. */
export async function getPreferences(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
): Promise<Preferences> {
  const locale = await findUserLocale(deps.db, userId);
  if (locale === undefined) throw userNotFound();
  return { locale: asLocale(locale) };
}

/** Sets the language of the caller's e-mails (the web app's, when they choose or sign in). */
export async function updatePreferences(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  change: { locale: UserLocale },
): Promise<Preferences> {
  if (!(await setUserLocale(deps.db, userId, change.locale))) throw userNotFound();
  return { locale: change.locale };
}
