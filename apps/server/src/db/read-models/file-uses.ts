import type { ExpressionBuilder } from 'kysely';
import { albumSeenByEveryoneSql } from '../../lib/access.js';
import type { Database } from '../schema.js';

/**
 * A read model: where a stored file (the row `files` of the query) is used, across the tables of
 * the modules that use files (photos, albums as covers, users as profile pictures, Live Photo
 * stills). The files module asks it instead of naming those tables; each use is an index lookup,
 * in the statement that asks.
 */

/**
 * Whether nothing uses the file: no photo shows it (a photo saved from another shows the same
 * file), no album has it as its cover, no user as their picture, no Live Photo's still as its
 * motion.
 */
export function fileUnused(eb: ExpressionBuilder<Database, 'files'>) {
  return eb.and([
    eb.not(
      eb.exists(
        eb.selectFrom('photos').select('photos.id').whereRef('photos.file_id', '=', 'files.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('albums')
          .select('albums.id')
          .whereRef('albums.cover_file_id', '=', 'files.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.id')
          .whereRef('users.profile_pic_file_id', '=', 'files.id'),
      ),
    ),
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
  return eb.or([
    usedInAlbums(true),
    eb.not(usedInAlbums(false)),
    eb.exists(
      eb
        .selectFrom('users')
        .select('users.id')
        .whereRef('users.profile_pic_file_id', '=', 'files.id'),
    ),
  ]);
}
