import type { ExpressionBuilder } from 'kysely';
import { albumSeenByEveryoneSql } from '../../lib/access.js';
import type { Database } from '../schema.js';

/**
 * A read model: where a stored file (the row `files` of the query) is used, across the tables of
 * the modules that use files (photos, albums as covers, users as profile pictures, Live Photo
 * stills). The files module asks it instead of naming those tables; each use is an index lookup,
 * in the statement that asks.
 */

/** Whether a photo in someone's Trash shows the file, or an album in Trash has it as cover. */
function usedInTrash(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('trashed_photos')
        .select('trashed_photos.id')
        .whereRef('trashed_photos.file_id', '=', 'files.id'),
    ),
    eb.exists(
      eb
        .selectFrom('trashed_albums')
        .select('trashed_albums.id')
        .whereRef('trashed_albums.cover_file_id', '=', 'files.id'),
    ),
  ]);
}

/** Whether a photo in someone's locked place shows the file (decision 0084). */
function usedInLocked(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.exists(
    eb
      .selectFrom('locked_photos')
      .select('locked_photos.id')
      .whereRef('locked_photos.file_id', '=', 'files.id'),
  );
}

/** Whether a photo, album cover or profile picture outside Trash and the locked place uses it. */
function usedInView(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.or([
    eb.exists(
      eb.selectFrom('photos').select('photos.id').whereRef('photos.file_id', '=', 'files.id'),
    ),
    eb.exists(
      eb.selectFrom('albums').select('albums.id').whereRef('albums.cover_file_id', '=', 'files.id'),
    ),
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.profile_pic_file_id', '=', 'files.id'),
    ),
  ]);
}

/**
 * Whether the file is shown only from its owner's locked place (decision 0084): a locked photo
 * shows it and nothing in view does. Such a file loads only through an address signed for a
 * locked-place session that is still open (files/serve), whatever an older page holds.
 */
export function fileOnlyLocked(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.and([usedInLocked(eb), eb.not(usedInView(eb))]);
}

/**
 * Whether the file is shown only from Trash (decision 0080): a photo or album cover in Trash uses
 * it, and no photo, album cover or profile picture outside Trash. Such a file loads only through
 * an address signed for Trash (files/serve), whatever other signature an older page holds.
 */
export function fileOnlyInTrash(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.and([usedInTrash(eb), eb.not(usedInView(eb))]);
}

/**
 * Whether nothing uses the file: no photo shows it (a photo saved from another shows the same
 * file), no album has it as its cover, no user as their picture, no Live Photo's still as its
 * motion, and nothing in Trash (decision 0080) or a locked place (decision 0084) does.
 */
export function fileUnused(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.and([
    eb.not(usedInTrash(eb)),
    eb.not(usedInLocked(eb)),
    eb.not(usedInView(eb)),
    // A motion no photo shows is still used while its still names it (files_motion_file_id).
    eb.not(
      eb.exists(
        eb
          .selectFrom('files as still')
          .select('still.id')
          .whereRef('still.motion_file_id', '=', 'files.id'),
      ),
    ),
  ]);
}

/**
 * Whether the file may be shown without a signed URL: it is used by no album that not everyone
 * may see (a file not yet used anywhere is its uploader's capability, as before), or it is also
 * used where everyone sees it (a profile picture, a photo or cover of an album seen by everyone).
 * Each use is an index lookup: albums_cover_idx, photos_file_idx, users_profile_pic_idx.
 */
export function fileShownUnsigned(eb: ExpressionBuilder<Database, 'files'>) {
  const usedInAlbums = (seenByEveryone: boolean) =>
    eb.or([
      eb.exists(
        eb
          .selectFrom('albums')
          .select('albums.id')
          .whereRef('albums.cover_file_id', '=', 'files.id')
          .where(albumSeenByEveryoneSql(seenByEveryone)),
      ),
      eb.exists(
        eb
          .selectFrom('photos')
          .innerJoin('albums', 'albums.id', 'photos.album_id')
          .select('photos.id')
          .whereRef('photos.file_id', '=', 'files.id')
          .where(albumSeenByEveryoneSql(seenByEveryone)),
      ),
    ]);
  // A use seen by everyone settles it, and is usually found first.
  // A use in Trash is private: its holder's (decision 0080); so is one in a locked place (0084).
  return eb.or([
    usedInAlbums(true),
    eb.not(eb.or([usedInAlbums(false), usedInTrash(eb), usedInLocked(eb)])),
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.profile_pic_file_id', '=', 'files.id'),
    ),
  ]);
}
