import type activity from './messages/en/activity.json';
import type admin from './messages/en/admin.json';
import type albums from './messages/en/albums.json';
import type auth from './messages/en/auth.json';
import type common from './messages/en/common.json';
import type errors from './messages/en/errors.json';
import type layout from './messages/en/layout.json';
import type marks from './messages/en/marks.json';
import type memories from './messages/en/memories.json';
import type locked from './messages/en/locked.json';
import type mfa from './messages/en/mfa.json';
import type notifications from './messages/en/notifications.json';
import type passkeys from './messages/en/passkeys.json';
import type people from './messages/en/people.json';
import type photos from './messages/en/photos.json';
import type places from './messages/en/places.json';
import type profile from './messages/en/profile.json';
import type search from './messages/en/search.json';
import type selection from './messages/en/selection.json';
import type sharing from './messages/en/sharing.json';
import type sso from './messages/en/sso.json';
import type timeline from './messages/en/timeline.json';
import type trash from './messages/en/trash.json';
import type upload from './messages/en/upload.json';
import type viewer from './messages/en/viewer.json';

/**
 * Every message id, from the English catalogs: `t('…')` with an id English lacks does not compile.
 * A catalog is `messages/<locale>/<area>.json`, its ids prefixed `<area>.`; each area adds its
 * import above and its line below.
 */
interface EnglishAreas {
  activity: typeof activity;
  admin: typeof admin;
  albums: typeof albums;
  auth: typeof auth;
  common: typeof common;
  errors: typeof errors;
  layout: typeof layout;
  marks: typeof marks;
  memories: typeof memories;
  locked: typeof locked;
  mfa: typeof mfa;
  notifications: typeof notifications;
  passkeys: typeof passkeys;
  people: typeof people;
  photos: typeof photos;
  places: typeof places;
  profile: typeof profile;
  search: typeof search;
  selection: typeof selection;
  sharing: typeof sharing;
  sso: typeof sso;
  timeline: typeof timeline;
  trash: typeof trash;
  upload: typeof upload;
  viewer: typeof viewer;
}

export type MessageId = {
  [Area in keyof EnglishAreas]: keyof EnglishAreas[Area] & string;
}[keyof EnglishAreas];
