import type { AlbumVisibility } from '@photo/contract';

/** Who can see an album, as the album page and the Share dialog say it. */
export const VISIBILITY_LABELS: Record<AlbumVisibility, string> = {
  everyone: 'Everyone with an account',
  invited: 'Only people I invite',
  owner: 'Only me',
};
