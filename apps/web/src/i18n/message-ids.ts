import type admin from './messages/en/admin.json';
import type common from './messages/en/common.json';

/**
 * Every message id, from the English catalogs: `t('…')` with an id English lacks does not compile.
 * A catalog is `messages/<locale>/<area>.json`, its ids prefixed `<area>.`; each area adds its
 * import above and its line below.
 */
interface EnglishAreas {
  admin: typeof admin;
  common: typeof common;
}

export type MessageId = {
  [Area in keyof EnglishAreas]: keyof EnglishAreas[Area] & string;
}[keyof EnglishAreas];
