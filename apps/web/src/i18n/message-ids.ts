import type common from './messages/en/common.json';
import type mfa from './messages/en/mfa.json';
import type sso from './messages/en/sso.json';
import type passkeys from './messages/en/passkeys.json';

/**
 * Every message id, from the English catalogs: `t('…')` with an id English lacks does not compile.
 * A catalog is `messages/<locale>/<area>.json`, its ids prefixed `<area>.`; each area adds its
 * import above and its line below.
 */
interface EnglishAreas {
  common: typeof common;
  mfa: typeof mfa;
  sso: typeof sso;
  passkeys: typeof passkeys;
}

export type MessageId = {
  [Area in keyof EnglishAreas]: keyof EnglishAreas[Area] & string;
}[keyof EnglishAreas];
