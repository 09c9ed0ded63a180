import type { TrashRestoreResult } from '@photo/contract';
import type { AlbumRow, Db, PhotoRow } from '../../db/schema.js';
import { decideAccess } from '../../lib/access.js';
import type { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { newId } from '../../lib/ids.js';
import { insertActivityRows, type ActivityRow } from '../activity/activity.trash-rows.js';
import { findOwnAlbumByName, insertAlbumRow } from '../albums/albums.bin.js';
import {
  type AlbumWithMembership,
  findAlbumPhotoByFile,
  findAlbumsWithMembership,
  lockAlbums,
  recountAlbumPhotos,
  updateAlbumRow,
} from '../albums/albums.repository.js';
import { insertCommentRows } from '../comments/comments.trash-rows.js';
import { insertLikeRows } from '../likes/likes.trash-rows.js';
import { findPhotosByIds, insertPhotoRows } from '../photos/photos.repository.js';
import { insertAlbumSharingRows } from '../sharing/sharing.trash-rows.js';
import type { AlbumSnapshot, PhotoSnapshot } from './trash.bin.js';
import {
  existingUserIds,
  findHeldPhotos,
  takeHeldAlbums,
  takeHeldPhotos,
  type TrashedAlbumRow,
} from './trash.repository.js';

/** The album restored photos gather in when theirs is no longer the caller's to add to. */
export const RESTORED_ALBUM_NAME = 'Restored photos';

/** Puts back albums taken from Trash: their rows, sharing and feed entries as they were. */
async function putBackAlbums(trx: Db, albums: readonly TrashedAlbumRow[]): Promise<void> {
  for (const trashed of albums) {
    const snapshot = JSON.parse(trashed.snapshot) as AlbumSnapshot;
    await insertAlbumRow(trx, snapshot.album);
    const people = await existingUserIds(trx, [
      ...snapshot.sharing.members.map((member) => member.user_id),
      ...snapshot.activities.map((entry) => entry.user_id),
    ]);
    await insertAlbumSharingRows(trx, {
      ...snapshot.sharing,
      members: snapshot.sharing.members.filter((member) => people.has(member.user_id)),
    });
    await insertActivityRows(
      trx,
      snapshot.activities.filter((entry) => people.has(entry.user_id)),
    );
  }
}

/** A photo kept out of view (in Trash, or in a locked place) with what cascaded with its row. */
export type KeptPhotoRow = PhotoRow & { snapshot: string };

/** Whether a photo may go back to its album (which exists); by default, if the caller may add to it. */
type MayReturn = (photo: KeptPhotoRow, album: AlbumWithMembership) => boolean;

/**
 * Where each photo goes back: its album when it may return there (or it came back with it),
 * else the caller's own album of restored photos, found or made (its cover: the first of them).
 */
async function chooseAlbums(
  trx: Db,
  caller: AuthUser,
  photos: readonly KeptPhotoRow[],
  options: { now: string; mayReturn: MayReturn | undefined },
): Promise<{ albumOf: Map<string, string>; elsewhere: TrashRestoreResult['elsewhere'] }> {
  const { now } = options;
  const mayReturn: MayReturn =
    options.mayReturn ??
    ((_photo, album) => decideAccess(caller, 'album.addPhoto', album) === 'allowed');
  const albums = await findAlbumsWithMembership(
    trx,
    photos.map((photo) => photo.album_id),
    caller.id,
  );
  const albumOf = new Map<string, string>();
  const away: KeptPhotoRow[] = [];
  for (const photo of photos) {
    const album = albums.get(photo.album_id);
    if (album && mayReturn(photo, album)) {
      albumOf.set(photo.id, photo.album_id);
    } else away.push(photo);
  }
  const first = away[0];
  if (!first) return { albumOf, elsewhere: { photoIds: [], album: null } };
  let target: Pick<AlbumRow, 'id' | 'name'> | undefined = await findOwnAlbumByName(
    trx,
    caller.id,
    RESTORED_ALBUM_NAME,
  );
  if (target) await lockAlbums(trx, [target.id]);
  else {
    target = { id: newId(), name: RESTORED_ALBUM_NAME };
    await insertAlbumRow(trx, {
      ...target,
      owner_id: caller.id,
      cover_file_id: first.file_id,
      created_at: now,
    });
  }
  for (const photo of away) albumOf.set(photo.id, target.id);
  return { albumOf, elsewhere: { photoIds: away.map((photo) => photo.id), album: target } };
}

/** Puts back the comments, likes and feed entries of restored photos, of people still here. */
async function putBackReactions(
  trx: Db,
  photos: readonly KeptPhotoRow[],
  albumOf: Map<string, string>,
): Promise<void> {
  const snapshots = photos.map((photo) => ({
    photo,
    snapshot: JSON.parse(photo.snapshot) as PhotoSnapshot,
  }));
  const people = await existingUserIds(
    trx,
    snapshots.flatMap(({ snapshot }) => [
      ...snapshot.comments.map((comment) => comment.author_id),
      ...snapshot.likes.map((like) => like.user_id),
      ...snapshot.activities.map((entry) => entry.user_id),
    ]),
  );
  await insertCommentRows(
    trx,
    snapshots.flatMap(({ snapshot }) => snapshot.comments).filter((c) => people.has(c.author_id)),
  );
  await insertLikeRows(
    trx,
    snapshots.flatMap(({ snapshot }) => snapshot.likes).filter((l) => people.has(l.user_id)),
  );
  // Feed entries name the album: only those of photos back in it.
  const entries: ActivityRow[] = snapshots.flatMap(({ photo, snapshot }) =>
    albumOf.get(photo.id) === photo.album_id
      ? snapshot.activities.filter((entry) => people.has(entry.user_id))
      : [],
  );
  await insertActivityRows(trx, entries);
}

/** An album whose cover stayed in Trash (deleted for good) takes its first photo as cover. */
async function keepCovers(trx: Db, albums: readonly TrashedAlbumRow[], photos: PhotoRow[]) {
  for (const album of albums) {
    const cover = album.cover_file_id;
    if (cover !== null && (await findAlbumPhotoByFile(trx, album.id, cover))) continue;
    const photo = photos.find((row) => row.album_id === album.id);
    if (photo) await updateAlbumRow(trx, album.id, { cover_file_id: photo.file_id });
  }
}

/**
 * In the caller's transaction: takes the planned albums and photos out of the caller's Trash and
 * puts them back, locking the albums they return to first (as deleting does), so that a delete
 * and a restore of one photo at once end one after the other. Something planned that another
 * request took meanwhile: `missing` (the transaction then rolls back).
 */
export async function restoreTaken(
  trx: Db,
  caller: AuthUser,
  plan: { photoIds: string[]; albumIds: string[] },
  options: { now: string; missing: (id: string) => AppError },
): Promise<TrashRestoreResult> {
  const planned = await findHeldPhotos(trx, caller.id, plan.photoIds);
  const comingBack = new Set(plan.albumIds);
  await lockAlbums(trx, [
    ...new Set(planned.map((row) => row.album_id).filter((id) => !comingBack.has(id))),
  ]);
  const albums = await takeHeldAlbums(trx, caller.id, plan.albumIds);
  const gotAlbums = new Set(albums.map((album) => album.id));
  const lostAlbum = plan.albumIds.find((id) => !gotAlbums.has(id));
  if (lostAlbum !== undefined) throw options.missing(lostAlbum);
  await putBackAlbums(trx, albums);
  const taken = await takeHeldPhotos(trx, caller.id, plan.photoIds);
  const got = new Set(taken.map((row) => row.id));
  const lost = plan.photoIds.find((id) => !got.has(id));
  if (lost !== undefined) throw options.missing(lost);
  const { back, albumOf, elsewhere } = await putBackPhotos(trx, caller, taken, {
    now: options.now,
    mayReturn: undefined,
  });
  await keepCovers(trx, albums, back);
  await recountAlbumPhotos(trx, [...new Set(albumOf.values())]);
  return { count: back.length, elsewhere };
}

/**
 * In the caller's transaction, the photos' albums locked: puts back photos taken out of view (from
 * Trash, or from a locked place, decision 0084) as they were, with their comments, likes and feed
 * entries, in their albums when they may return there (`mayReturn`; by default when the caller
 * may add to it), else in the caller's album of restored photos (`elsewhere`). A photo whose file
 * its album shows again by now (added meanwhile) is not shown twice: it stays out. The caller
 * recounts the albums of `albumOf`.
 */
export async function putBackPhotos(
  trx: Db,
  caller: AuthUser,
  taken: readonly KeptPhotoRow[],
  options: { now: string; mayReturn: MayReturn | undefined },
): Promise<{
  back: PhotoRow[];
  albumOf: Map<string, string>;
  elsewhere: TrashRestoreResult['elsewhere'];
}> {
  const { albumOf, elsewhere } = await chooseAlbums(trx, caller, taken, options);
  await insertPhotoRows(
    trx,
    taken.map((row) => ({
      id: row.id,
      album_id: albumOf.get(row.id) ?? row.album_id,
      file_id: row.file_id,
      owner_id: row.owner_id,
      created_at: row.created_at,
      sort_date: row.sort_date,
      guest_name: row.guest_name,
      guest_link_id: row.guest_link_id,
    })),
  );
  const back = await findPhotosByIds(
    trx,
    taken.map((row) => row.id),
  );
  await putBackReactions(
    trx,
    taken.filter((row) => back.has(row.id)),
    albumOf,
  );
  return { back: [...back.values()], albumOf, elsewhere };
}
