import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

const root = path.join(import.meta.dirname, 'messages');
const src = path.dirname(import.meta.dirname);
const areas = fs.readdirSync(path.join(root, 'en')).map((file) => file.replace(/\.json$/, ''));

function read(locale: string, area: string): Record<string, string> {
  const file = path.join(root, locale, `${area}.json`);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)
    : {};
}

/** The argument names a message uses ("{count, plural, …}", "{name}", "<b>…</b>"). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

/**
 * Texts that may read exactly as in English, each with its reason ("<locale>:<id>", or "*:<id>"
 * for every language). Anything else left identical to English is an untranslated text.
 */
const SAME_AS_ENGLISH: Record<string, string> = {
  '*:common.live': 'Apple’s "LIVE" badge of Live Photos reads the same in every language.',
  'de:profile.name': 'German "Name" is the English word.',
  'de:auth.name': 'German "Name" is the English word.',
  'de:people.name': 'German "Name" is the English word.',
  'fr:people.count': 'French "photo(s)" is the English word.',
  'fr:people.option': 'French "photo(s)" is the English word.',
  'de:common.videoOfLength': 'German "Video" is the English word.',
  'de:layout.themeSystem': 'German settings say "System" too.',
  'fr:common.minutes': 'French "minute(s)" is the English word.',
  'fr:notifications.region': 'French "Notifications" is the English word.',
  'fr:layout.photos': 'French "Photos" is the English word.',
  'fr:layout.albums': 'French "Albums" is the English word.',
  'es:common.bytes': 'Spanish "byte(s)" is the English word.',
  'de:admin.administrator': 'German "Administrator" is the English word.',
  'de:albums.album': 'German "Album" is the English word.',
  'de:passkeys.settings.defaultName': 'German settings say "Passkey" too.',
  'de:passkeys.settings.title': 'German settings say "Passkeys" too.',
  'de:photos.details': 'German "Details" is the English word.',
  'de:sharing.link': 'German "Link" is the English word.',
  'de:sharing.new.name': 'German "Name" is the English word.',
  'de:sharing.new.optional': 'German "optional" is the English word.',
  'de:upload.list': 'German "Uploads" is the English word.',
  'de:viewer.info': 'German "Info" is the English word.',
  '*:upload.percent': 'A number and a percent sign: no word to translate.',
  '*:memories.story': 'Two arguments and a comma ("3 years ago, 2023"): no word to translate.',
  'fr:admin.photoCount': 'French "photo(s)" is the English word.',
  'fr:admin.figurePhotos': 'French "Photos" is the English word.',
  'fr:albums.photos': 'French "photo(s)" is the English word.',
  'fr:albums.facts': 'French "photo(s)" is the English word.',
  'fr:albums.album': 'French "Album" is the English word.',
  'fr:albums.grid': 'French "Photos" is the English word.',
  'fr:photos.photo': 'French "Photo" is the English word.',
  'fr:photos.details.size': 'French "pixels" is the English word.',
  'fr:search.photos': 'French "Photos" is the English word.',
  'fr:search.albums': 'French "Albums" is the English word.',
  'fr:timeline.title': 'French "Photos" is the English word.',
  'fr:timeline.count': 'French "photo(s)" is the English word.',
  'fr:viewer.slide': 'French "photo" is the English word.',
  '*:photos.info.utc': 'UTC, the time standard, is written so in every language.',
  '*:photos.info.utcOffset': 'UTC and an offset: no word to translate.',
  '*:photos.info.shutterFraction': "A fraction and the second's symbol: no word to translate.",
  '*:photos.info.aperture': "The f-number's sign and a number: no word to translate.",
  '*:photos.info.iso': 'ISO and a number: no word to translate.',
  'de:photos.info.megapixels': 'German "MP" is the English abbreviation.',
  'es:photos.info.megapixels': 'Spanish "MP" is the English abbreviation.',
};

/**
 * Ids the source makes from a code rather than naming them: `errors.code.<CODE>` for the server's
 * error codes (shared/api/api-error.ts).
 */
const MADE_FROM_CODES = ['errors.code.'];

/** The app's source files, tests left out: where the ids are used. */
function sourceFiles(dir = src, into: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (file !== root && entry.name !== 'test') sourceFiles(file, into);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      into.push(file);
    }
  }
  return into;
}

const sources = sourceFiles().map((file) => fs.readFileSync(file, 'utf8'));
/** Every quoted string of the source that has the form of an id ("area.key"). */
const quoted = new Set(
  sources.flatMap((code) =>
    [...code.matchAll(/['"`]([a-z]+(?:\.[A-Za-z0-9_]+)+)['"`]/g)].map((m) => m[1]!),
  ),
);
/** The ids passed to t(…), useT()'s function, rich(…) as a literal. */
const called = new Set(
  sources.flatMap((code) =>
    [...code.matchAll(/\b(?:t|text|rich|translate)\(\s*['"]([a-z]+(?:\.[A-Za-z0-9_]+)+)['"]/g)].map(
      (m) => m[1]!,
    ),
  ),
);
const englishIds = new Set(areas.flatMap((area) => Object.keys(read('en', area))));

describe('message catalogs', () => {
  it.each(areas)('every language has exactly the English ids of area %s', (area) => {
    const english = Object.keys(read('en', area)).sort();
    for (const locale of LOCALES) {
      expect({ locale, ids: Object.keys(read(locale, area)).sort() }).toEqual({
        locale,
        ids: english,
      });
    }
  });

  it.each(areas)("area %s's ids start with its name", (area) => {
    for (const id of Object.keys(read('en', area))) expect(id).toMatch(new RegExp(`^${area}\\.`));
  });

  it.each(areas)('area %s: every text parses and uses the same arguments as English', (area) => {
    const english = read('en', area);
    for (const locale of LOCALES) {
      for (const [id, text] of Object.entries(read(locale, area))) {
        const used = [...argumentsOf(parse(text))].sort();
        const expected = [...argumentsOf(parse(english[id]!))].sort();
        expect({ locale, id, used }).toEqual({ locale, id, used: expected });
      }
    }
  });

  it.each(areas)('area %s: every language translates every text (or says why not)', (area) => {
    const english = read('en', area);
    const untranslated = LOCALES.filter((locale) => locale !== 'en').flatMap((locale) =>
      Object.entries(read(locale, area))
        .filter(([id, text]) => text === english[id])
        .filter(([id]) => !SAME_AS_ENGLISH[`${locale}:${id}`] && !SAME_AS_ENGLISH[`*:${id}`])
        .map(([id, text]) => `${locale}:${id} = ${JSON.stringify(text)}`),
    );
    expect(untranslated).toEqual([]);
  });

  it('allows only texts that exist to read as in English', () => {
    const stale = Object.keys(SAME_AS_ENGLISH).filter(
      (entry) => !englishIds.has(entry.slice(entry.indexOf(':') + 1)),
    );
    expect(stale).toEqual([]);
  });

  it.each(areas)('area %s: every id is used in the source', (area) => {
    const unused = Object.keys(read('en', area)).filter(
      (id) => !quoted.has(id) && !MADE_FROM_CODES.some((prefix) => id.startsWith(prefix)),
    );
    expect(unused).toEqual([]);
  });

  it('every id the source asks for is in the catalogs', () => {
    const missing = [...called].filter((id) => !englishIds.has(id));
    expect(missing).toEqual([]);
  });
});
