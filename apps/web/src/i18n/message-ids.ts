import type auth from './messages/en/auth.json';
import type common from './messages/en/common.json';
import type errors from './messages/en/errors.json';
import type layout from './messages/en/layout.json';
import type notifications from './messages/en/notifications.json';
import type profile from './messages/en/profile.json';

/**
 * Every message id, from the English catalogs: `t('…')` with an id English lacks does not compile.
 * A catalog is `messages/<locale>/<area>.json`, its ids prefixed `<area>.`; each area adds its
 * import above and its line below.
 */
interface EnglishAreas {
  auth: typeof auth;
  common: typeof common;
  errors: typeof errors;
  layout: typeof layout;
  notifications: typeof notifications;
  profile: typeof profile;
}

export type MessageId = {
  [Area in keyof EnglishAreas]: keyof EnglishAreas[Area] & string;
}[keyof EnglishAreas];
