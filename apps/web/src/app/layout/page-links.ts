import { paths } from '../../shared/config/paths';

/** The signed-in pages the top bar links to: in the bar on a wide screen, in the account menu on a phone. */
export const PAGE_LINKS = [
  { label: 'Home', to: paths.recentAlbums },
  { label: 'Photos', to: paths.timeline },
  { label: 'Profile', to: paths.profile('me') },
  { label: 'Albums', to: paths.myAlbums },
] as const;

/** The administrator's page, in the account menu of the server's administrator only. */
export const ADMIN_LINK = { label: 'People on this server', to: paths.admin } as const;
