import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

const CATALOG = /\/src\/i18n\/messages\/[^/]+\/[^/]+\.json$/;

/**
 * Compiles each message catalog's ICU texts to FormatJS's syntax trees at build time, so the browser
 * needs no ICU parser (the build aliases it to its no-parser entry; decision 0069). A text that does
 * not parse fails the build, naming its id.
 */
export function compiledMessages(): Plugin {
  return {
    name: 'photo:messages',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG.test(id.split('?')[0]!)) return null;
      const texts = JSON.parse(code) as Record<string, string>;
      const compiled: Record<string, unknown> = {};
      for (const [key, text] of Object.entries(texts)) {
        try {
          compiled[key] = parse(text);
        } catch (error) {
          this.error(`${id}: "${key}" is not an ICU message: ${(error as Error).message}`);
        }
      }
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}
