import { paths } from '../../shared/config/paths';

/** The signed-in pages the top bar links to: in the bar on a wide screen, in the account menu on a phone. */
export const PAGE_LINKS = [
  { label: 'layout.home', to: paths.recentAlbums },
  { label: 'layout.photos', to: paths.timeline },
  { label: 'layout.profile', to: paths.profile('me') },
  { label: 'layout.albums', to: paths.myAlbums },
] as const;

/** The administrator's page, in the account menu of the server's administrator only. */
export const ADMIN_LINK = { label: 'layout.admin', to: paths.admin } as const;

/** The locked place (decision 0084), in everyone's account menu. */
export const LOCKED_LINK = { label: 'layout.locked', to: paths.locked } as const;
