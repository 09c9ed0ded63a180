import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { de } from './de.js';
import { en, type MailTextId } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';

export type { MailTextId };

/** The languages e-mails are written in (the web app's); English is the default. */
export const MAIL_LOCALES = ['en', 'de', 'fr', 'es'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

const catalogs: Record<MailLocale, Record<MailTextId, string>> = { en, de, fr, es };
const compiled = new Map<string, IntlMessageFormat>();

/**
 * The language to write in, from a stored choice or a header value ("de", "de-AT", "fr_CH"):
 * the first of the values whose primary subtag is one of MAIL_LOCALES, else English.
 */
export function mailLocale(...candidates: (string | null | undefined)[]): MailLocale {
  for (const candidate of candidates) {
    const primary = candidate?.trim().toLowerCase().split(/[-_]/)[0];
    const found = MAIL_LOCALES.find((locale) => locale === primary);
    if (found) return found;
  }
  return 'en';
}

type Values = Record<string, PrimitiveType | ((chunks: string[]) => string)>;

/** One e-mail text in `locale`, its ICU arguments filled in (plurals by that language's rules). */
export function mailText(locale: MailLocale, id: MailTextId, values: Values = {}): string {
  const key = `${locale}\n${id}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(catalogs[locale][id], locale);
    compiled.set(key, format);
  }
  const out = format.format<string>(values);
  return Array.isArray(out) ? out.join('') : String(out);
}

/** The texts of one language, for code that writes several of them. */
export function mailTexts(locale: MailLocale) {
  return (id: MailTextId, values?: Values) => mailText(locale, id, values);
}
