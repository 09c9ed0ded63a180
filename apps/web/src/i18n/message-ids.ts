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
}

export type MessageId = {
  [Area in keyof EnglishAreas]: keyof EnglishAreas[Area] & string;
}[keyof EnglishAreas];
