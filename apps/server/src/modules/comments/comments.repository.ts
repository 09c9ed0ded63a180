import type { Insertable } from 'kysely';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { CommentRow, CommentsTable, Db } from '../../db/schema.js';
import type { Keyset } from '../../lib/paging.js';
import { newestFirstPage } from '../../db/keyset-page.js';

/** A comment with its author's name and the owner of its photo's album. */
export interface CommentView extends CommentRow {
  author_name: string;
  album_owner_id: string;
}

function selectCommentViews(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .innerJoin('photos', 'photos.id', 'comments.photo_id')
    .innerJoin('albums', 'albums.id', 'photos.album_id')
    .selectAll('comments')
    .select(['users.name as author_name', 'albums.owner_id as album_owner_id']);
}

export function findCommentView(db: Db, id: string): Promise<CommentView | undefined> {
  return selectCommentViews(db).where('comments.id', '=', id).executeTakeFirst();
}

export function findCommentViews(db: Db, ids: readonly string[]): Promise<CommentView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectCommentViews(db).where('comments.id', 'in', ids).execute();
}

/**
 * A page of the photo's comments, newest first: `limit` rows older than `before` (the last row
 * of the previous page), by (created_at, id) on comments_photo_created_idx.
 */
export function listPhotoCommentViewsNewestFirst(
  db: Db,
  photoId: string,
  limit: number,
  before: Keyset | undefined,
): Promise<CommentView[]> {
  return newestFirstPage(
    selectCommentViews(db).where('comments.photo_id', '=', photoId),
    { at: 'comments.created_at', id: 'comments.id' },
    before,
    limit,
  ).execute();
}

/** Inserts the comment; answers false when its photo is gone (deleted meanwhile). */
export async function insertComment(db: Db, comment: Insertable<CommentsTable>): Promise<boolean> {
  try {
    await db.insertInto('comments').values(comment).execute();
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

/** Deletes the comment; answers whether there was one to delete. */
export async function deleteCommentRow(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes the comments of a leaving author (those on photos still kept). */
export async function deleteCommentsOfAuthor(db: Db, authorId: string): Promise<void> {
  await db.deleteFrom('comments').where('author_id', '=', authorId).execute();
}
