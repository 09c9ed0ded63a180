import { formatLocale } from './format-date';

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count in the reader's form ("1,234" in English, "1.234" in German). */
export function formatCount(count: number): string {
  const locale = formatLocale();
  let made = numberFormats.get(locale);
  if (!made) {
    made = new Intl.NumberFormat(locale);
    numberFormats.set(locale, made);
  }
  return made.format(count);
}

/**
 * "1 like", "3 likes", "0 comments": the count in the reader's form before an English noun. Texts
 * in the catalogs say their counts with ICU plurals (`{count, plural, one {# photo} other {# photos}}`),
 * which follow each language's rules; this is for the English-only callers that remain.
 */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
