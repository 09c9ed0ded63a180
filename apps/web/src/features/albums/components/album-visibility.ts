import type { AlbumVisibility } from '@photo/contract';
import type { MessageId } from '../../../i18n/message-ids';

/** Who can see an album, as the album page and the Share dialog say it (message ids). */
export const VISIBILITY_LABELS: Record<AlbumVisibility, MessageId> = {
  everyone: 'sharing.see.everyone',
  invited: 'sharing.see.invited',
  owner: 'sharing.see.owner',
};
