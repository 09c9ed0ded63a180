import {
  createIntl,
  createIntlCache,
  type IntlShape,
  type MessageDescriptor,
} from '@formatjs/intl';
import { createElement, Fragment, useCallback, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LOCALE, LOCALES, pickLocale, type Locale } from './locales';
import type { MessageId } from './message-ids';

/**
 * The app's texts, through FormatJS (decision 0069). One IntlShape is current at a time; a change
 * of language loads that language's catalogs (its own chunk, fetched on demand), then swaps the
 * IntlShape and re-renders every component that reads it.
 */

// Each language's texts, one chunk each; the build compiles their ICU texts ahead (vite-messages.ts).
const catalogs: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./catalog-en'),
  de: () => import('./catalog-de'),
  fr: () => import('./catalog-fr'),
  es: () => import('./catalog-es'),
};

const STORAGE_KEY = 'photo.locale';
const cache = createIntlCache();
const listeners = new Set<() => void>();
let current: IntlShape | null = null;
let pending: Promise<void> | null = null;

export type MessageValues = Parameters<IntlShape['formatMessage']>[1];

async function loadCatalogs(locale: Locale): Promise<Record<string, string>> {
  return (await catalogs[locale]()).default;
}

function onError(error: { code?: string; message: string }) {
  // A missing text is a defect the tests must see; a browser shows the id and reports it.
  if (import.meta.env.MODE === 'test') throw new Error(error.message);
  console.error(error.message);
}

/** The language the app speaks now. */
export function currentLocale(): Locale {
  return (current?.locale as Locale | undefined) ?? DEFAULT_LOCALE;
}

/** The language this browser should see first: the one chosen before, else the browser's own. */
export function initialLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be refused (private windows); the browser's languages decide then.
  }
  return pickLocale(stored, typeof navigator === 'undefined' ? [] : navigator.languages);
}

/**
 * Speaks `locale` from now on: loads its texts, then re-renders. `remember` keeps the choice for
 * this browser's next visits (a choice in the language menu does; the first load does not).
 */
export function setLocale(locale: Locale, { remember = false } = {}): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
      // The server draws its pages in it too (decision 0100).
      document.cookie = `${STORAGE_KEY}=${locale};path=/;max-age=31536000;samesite=lax`;
    } catch {
      // Not remembered; the language still changes for this visit.
    }
  }
  const load = loadCatalogs(locale).then((messages) => {
    current = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages, onError }, cache);
    if (typeof document !== 'undefined') document.documentElement.lang = locale;
    for (const listener of listeners) listener();
  });
  pending = load;
  return load;
}

/** Resolves once a language's texts are loaded (the first render waits for it). */
export function i18nReady(): Promise<void> {
  return pending ?? setLocale(initialLocale());
}

function intl(): IntlShape {
  if (!current) throw new Error('The texts are not loaded yet: await i18nReady() first.');
  return current;
}

/** Whether the catalogs have a text of this id (for ids made from a code: `errors.code.<CODE>`). */
export function hasMessage(id: string): boolean {
  return id in intl().messages;
}

/** A text in the current language, for code outside components (errors, notifications). */
export function t(id: MessageId, values?: MessageValues): string {
  return intl().formatMessage({ id } satisfies MessageDescriptor, values) as string;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The current IntlShape (dates, numbers, plurals, lists); the component re-renders on a change. */
export function useIntl(): IntlShape {
  return useSyncExternalStore(subscribe, intl, intl);
}

/** `t(id, values)` in the current language; the component re-renders when the language changes. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const shape = useIntl();
  return useCallback(
    (id: MessageId, values?: MessageValues) => shape.formatMessage({ id }, values) as string,
    [shape],
  );
}

type RichValues = Record<
  string,
  string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)
>;

/**
 * `t` for a text with markup: each tag in it (`<b>{email}</b>`) becomes what `values` makes of
 * its content (`b: (chunks) => <strong>{chunks}</strong>`), so a translation may move it.
 */
export function useRichT(): (id: MessageId, values: RichValues) => ReactNode {
  const shape = useIntl();
  return useCallback(
    (id: MessageId, values: RichValues) => {
      // FormatJS answers the parts as an array when a value is not a string.
      const format = shape.formatMessage as (
        descriptor: { id: string },
        values: unknown,
      ) => unknown;
      const out = format({ id }, values) as ReactNode;
      // As separate children of a fragment, the parts need no keys (as react-intl renders them).
      return Array.isArray(out) ? createElement(Fragment, null, ...(out as ReactNode[])) : out;
    },
    [shape],
  );
}

/** The languages, for menus. */
export { LOCALES };
