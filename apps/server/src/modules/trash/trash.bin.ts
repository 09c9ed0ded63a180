import type { AppDeps } from '../../deps.js';
import type { AlbumRow, Db, PhotoRow } from '../../db/schema.js';
import type { AlbumBin } from '../albums/albums.bin.js';
import {
  listActivityRowsOfPhotos,
  listAlbumActivityRows,
  type ActivityRow,
} from '../activity/activity.trash-rows.js';
import { listCommentRowsOfPhotos } from '../comments/comments.trash-rows.js';
import { listLikeRowsOfPhotos, type LikeRow } from '../likes/likes.trash-rows.js';
import { listAlbumPhotoRows, type PhotoBin } from '../photos/photos.bin.js';
import { listAlbumSharingRows, type AlbumSharingRows } from '../sharing/sharing.trash-rows.js';
import type { CommentRow } from '../../db/schema.js';
import { insertTrashedAlbum, insertTrashedPhotos } from './trash.repository.js';

/** What cascades with a photo's row, kept with it in Trash and put back when it is restored. */
export interface PhotoSnapshot {
  comments: CommentRow[];
  likes: LikeRow[];
  activities: ActivityRow[];
}

/** What cascades with an album's row: its row itself, its sharing and its feed entries. */
export interface AlbumSnapshot {
  album: AlbumRow;
  sharing: AlbumSharingRows;
  activities: ActivityRow[];
}

function groupBy<T extends { photo_id: string | null }>(rows: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    if (row.photo_id === null) continue;
    groups.set(row.photo_id, [...(groups.get(row.photo_id) ?? []), row]);
  }
  return groups;
}

/**
 * What cascades with these photos' rows (comments, likes, feed entries), as the JSON snapshot kept
 * with each while it is out of view: in Trash, and in the locked place (decision 0084), which puts
 * them back with putBackPhotos (trash.restore.ts).
 */
export async function snapshotPhotos(
  trx: Db,
  photos: readonly PhotoRow[],
): Promise<Map<string, string>> {
  const ids = photos.map((photo) => photo.id);
  const comments = groupBy(await listCommentRowsOfPhotos(trx, ids));
  const likes = groupBy(await listLikeRowsOfPhotos(trx, ids));
  const activities = groupBy(await listActivityRowsOfPhotos(trx, ids));
  return new Map(
    photos.map((photo) => {
      const snapshot: PhotoSnapshot = {
        comments: comments.get(photo.id) ?? [],
        likes: likes.get(photo.id) ?? [],
        activities: activities.get(photo.id) ?? [],
      };
      return [photo.id, JSON.stringify(snapshot)];
    }),
  );
}

/** Keeps photos, with their comments, likes and feed entries, in the holder's Trash. */
async function keepPhotos(
  trx: Db,
  photos: readonly PhotoRow[],
  holderId: string,
  now: string,
): Promise<void> {
  const snapshots = await snapshotPhotos(trx, photos);
  await insertTrashedPhotos(
    trx,
    photos.map((photo) => ({
      ...photo,
      held_by: holderId,
      trashed_at: now,
      snapshot: snapshots.get(photo.id) ?? '',
    })),
  );
}

/** The bin photos are deleted into when Trash is on (photos.service deletePhotos). */
export function photoBin(deps: Pick<AppDeps, 'clock'>): PhotoBin {
  return {
    keep: (trx, photos, holderId) =>
      keepPhotos(trx, photos, holderId, deps.clock.now().toISOString()),
  };
}

/**
 * The bin albums are deleted into when Trash is on (albums.service deleteAlbum): the album's row,
 * sharing and feed entries, and its photos (whoever added them) in the holder's Trash.
 */
export function albumBin(deps: Pick<AppDeps, 'clock'>): AlbumBin {
  return {
    keep: async (trx, album, holderId) => {
      const now = deps.clock.now().toISOString();
      await keepPhotos(trx, await listAlbumPhotoRows(trx, album.id), holderId, now);
      const snapshot: AlbumSnapshot = {
        album,
        sharing: await listAlbumSharingRows(trx, album.id),
        activities: await listAlbumActivityRows(trx, album.id),
      };
      await insertTrashedAlbum(trx, {
        id: album.id,
        owner_id: album.owner_id,
        name: album.name,
        cover_file_id: album.cover_file_id,
        held_by: holderId,
        trashed_at: now,
        snapshot: JSON.stringify(snapshot),
      });
    },
  };
}
