import type { Insertable } from 'kysely';
import { isForeignKeyViolation } from '../../db/constraint-errors.js';
import type { CommentRow, CommentsTable, Db } from '../../db/schema.js';

/** A comment with its author's name. */
export interface CommentView extends CommentRow {
  author_name: string;
}

function selectCommentViews(db: Db) {
  return db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.author_id')
    .selectAll('comments')
    .select('users.name as author_name');
}

export function findCommentView(db: Db, id: string): Promise<CommentView | undefined> {
  return selectCommentViews(db).where('comments.id', '=', id).executeTakeFirst();
}

/** The photo's comments, oldest first. */
export function listPhotoCommentViews(db: Db, photoId: string): Promise<CommentView[]> {
  return selectCommentViews(db)
    .where('comments.photo_id', '=', photoId)
    .orderBy('comments.created_at', 'asc')
    .orderBy('comments.id', 'asc')
    .execute();
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
