import type { TrashPhoto } from '@photo/contract';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days until the purge removes a photo, a day begun counting as one (30 just after deleting, with
 * TRASH_DAYS=30); 0 once it is due.
 */
export function daysLeft(purgeAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(purgeAt) - now) / DAY_MS));
}

/** Photos of the caller's Trash that came from one album. */
export interface AlbumGroup {
  album: TrashPhoto['album'];
  photos: TrashPhoto[];
}

/** Photos the caller added that are in someone else's Trash. */
export interface HolderGroup {
  holder: TrashPhoto['heldBy'];
  photos: TrashPhoto[];
}

/** Groups in the order their newest photo comes in `photos` (newest deletion first). */
function groupBy<K>(photos: readonly TrashPhoto[], key: (photo: TrashPhoto) => K) {
  const groups = new Map<K, TrashPhoto[]>();
  for (const photo of photos) {
    const k = key(photo);
    const group = groups.get(k);
    if (group) group.push(photo);
    else groups.set(k, [photo]);
  }
  return [...groups.values()];
}

/**
 * The caller's own Trash by the album each photo came from, and apart from it, read-only, their
 * own photos that other people's Trash holds, by whose Trash it is.
 */
export function trashGroups(photos: readonly TrashPhoto[]): {
  albums: AlbumGroup[];
  elsewhere: HolderGroup[];
} {
  const mine = photos.filter((photo) => photo.mine);
  const others = photos.filter((photo) => !photo.mine);
  return {
    albums: groupBy(mine, (photo) => photo.album.id).map((group) => ({
      album: group[0]!.album,
      photos: group,
    })),
    elsewhere: groupBy(others, (photo) => photo.heldBy.id).map((group) => ({
      holder: group[0]!.heldBy,
      photos: group,
    })),
  };
}
