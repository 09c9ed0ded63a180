/** Every route of the app: patterns for the router, builders for links. */
export const routePatterns = {
  root: '',
  login: 'login',
  forgotPassword: 'forgot-password',
  /** Where the links of identity e-mails point (IDENTITY_ACTION_PATH): ?mode=…&oobCode=…. */
  authAction: 'auth/action',
  /** Where a single sign-on comes back to (SSO_FINISH_PATH): ?code=… or ?error=…. */
  ssoFinish: 'auth/sso',
  recentAlbums: 'albums/recent',
  myAlbums: 'albums/me',
  profile: 'profile/:profileId',
  createAlbum: 'create',
  album: 'album/:albumId',
  /** The same album page; the target after an album cover update. */
  albumAlias: 'albums/:albumId',
  upload: 'upload/:albumId',
  photo: 'photo/:photoId',
  /** Every photo one may see, newest first, month by month. */
  timeline: 'photos',
  /** The person's favourites, in the grid of Photos (decision 0082). */
  favourites: 'favourites',
  /** The person's archived photos, hidden from their Photos, to restore. */
  archive: 'archive',
  /** What a share link opens; no account needed. */
  sharedLink: 'shared/:token',
  /** The server's administration: its accounts (administrator only). */
  admin: 'admin',
  /** Albums and photos found by name, date, camera or who added them: ?q=…&from=…&to=…. */
  search: 'search',
  /** What changed for the signed-in person (the bell's list, as a page on a phone). */
  activity: 'activity',
  /** What the signed-in person deleted, until it is deleted for good (TRASH_DAYS). */
  trash: 'trash',
  /** Photos moved out of every other view, opened with a fresh sign-in (decision 0084). */
  locked: 'locked',
  /** The faces of the person's photos, grouped into people (decision 0102). */
  people: 'people',
  /** One person's photos. */
  person: 'people/:personId',
  /** Where the person's own photos were taken (decision 0105). */
  map: 'map',
  notFound: '*',
} as const;

const segment = (value: string) => encodeURIComponent(value);

export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  recentAlbums: '/albums/recent',
  myAlbums: '/albums/me',
  profile: (profileId = 'me') => `/profile/${segment(profileId)}`,
  createAlbum: '/create',
  album: (albumId: string) => `/album/${segment(albumId)}`,
  albumAlias: (albumId: string) => `/albums/${segment(albumId)}`,
  upload: (albumId: string) => `/upload/${segment(albumId)}`,
  photo: (photoId: string) => `/photo/${segment(photoId)}`,
  timeline: '/photos',
  favourites: '/favourites',
  archive: '/archive',
  sharedLink: (token: string) => `/shared/${segment(token)}`,
  admin: '/admin',
  activity: '/activity',
  trash: '/trash',
  locked: '/locked',
  people: '/people',
  person: (personId: string) => `/people/${segment(personId)}`,
  map: '/map',
  /** The search page for a text; the page adds its filters to the same query string. */
  search: (q = '') => (q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search'),
} as const;

/** Where a signed-in user lands when no other page was asked for. */
export const HOME_PATH = paths.recentAlbums;
