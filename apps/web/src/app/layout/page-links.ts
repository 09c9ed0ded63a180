import { paths } from '../../shared/config/paths';

/** The signed-in pages the top bar links to: in the bar on a wide screen, in the account menu on a phone. */
export const PAGE_LINKS = [
  { label: 'layout.home', to: paths.recentAlbums },
  { label: 'layout.photos', to: paths.timeline },
  { label: 'layout.profile', to: paths.profile('me') },
  { label: 'layout.albums', to: paths.myAlbums },
] as const;

/**
 * The person's own collections (decisions 0082, 0083, 0084), in the account menu on every screen: the bar keeps
 * room for the brand. Favourites is also a toggle in Photos' heading.
 */
export const LIBRARY_LINKS = [
  { label: 'layout.people', to: paths.people },
  { label: 'layout.favourites', to: paths.favourites },
  { label: 'layout.map', to: paths.map },
  { label: 'layout.archive', to: paths.archive },
  { label: 'trash.title', to: paths.trash },
  { label: 'layout.locked', to: paths.locked },
] as const;

/** The administrator's page, in the account menu of the server's administrator only. */
export const ADMIN_LINK = { label: 'layout.admin', to: paths.admin } as const;
