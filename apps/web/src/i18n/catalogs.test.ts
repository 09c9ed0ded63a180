import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales';

const root = path.join(import.meta.dirname, 'messages');
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
});
