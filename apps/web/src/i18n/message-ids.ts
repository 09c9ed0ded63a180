import type admin from './messages/en/admin.json';
import type common from './messages/en/common.json';
import type mfa from './messages/en/mfa.json';
import type sso from './messages/en/sso.json';
import type passkeys from './messages/en/passkeys.json';
import type albums from './messages/en/albums.json';
import type sharing from './messages/en/sharing.json';
import type upload from './messages/en/upload.json';
import type activity from './messages/en/activity.json';
import type photos from './messages/en/photos.json';
import type search from './messages/en/search.json';
import type selection from './messages/en/selection.json';
import type timeline from './messages/en/timeline.json';
import type viewer from './messages/en/viewer.json';
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
  admin: typeof admin;
  common: typeof common;
  mfa: typeof mfa;
  sso: typeof sso;
  passkeys: typeof passkeys;
  albums: typeof albums;
  sharing: typeof sharing;
  upload: typeof upload;
  activity: typeof activity;
  photos: typeof photos;
  search: typeof search;
  selection: typeof selection;
  timeline: typeof timeline;
  viewer: typeof viewer;
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
