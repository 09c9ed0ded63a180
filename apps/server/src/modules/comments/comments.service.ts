import type { Comment, CommentEvent, CommentListQuery } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { decodeCursor, encodeCursor, toPage, type Keyset, type Page } from '../../lib/paging.js';
import type { AlbumPermission } from '../../lib/access.js';
import { announceActivity, recordComment, type Recipients } from '../activity/activity.service.js';
import { requirePhotoAccess } from '../photos/photos.service.js';
import {
  deleteCommentEventsBefore,
  insertCommentEvent,
  listCommentEventsAfter,
} from './comment-events.repository.js';
import {
  deleteCommentRow,
  findCommentView,
  findCommentViews,
  insertComment,
  listPhotoCommentViewsNewestFirst,
  type CommentView,
} from './comments.repository.js';

/** How long comment events are kept for streams to resume from. */
export const COMMENT_EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;

/** A comment as the API shows it to the caller. */
export function toComment(view: CommentView, caller: AuthUser): Comment {
  return {
    id: view.id,
    photoId: view.photo_id,
    message: view.message,
    createdBy: view.author_name,
    createdById: view.author_id,
    dateCreated: view.created_at,
    canDelete: mayDeleteComment(caller, view),
  };
}

/** A comment may be deleted by its author, and by the owner of the album it was posted in. */
function mayDeleteComment(caller: AuthUser, view: CommentView): boolean {
  return view.author_id === caller.id || view.album_owner_id === caller.id;
}

/**
 * The photo, when the caller may do this to its album's comments (lib/access.ts): 404 as for a
 * missing photo when they may not see it, 403 when they see it but may not do it.
 */
export async function requireCommentablePhoto(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  permission: Extract<AlbumPermission, 'album.read' | 'album.comment'> = 'album.read',
): Promise<void> {
  await requirePhotoAccess(deps, caller, photoId, permission);
}

/**
 * A page of the photo's comments. Pages run from the newest comments back; each page is listed
 * oldest first, as the spec's client expects (it reverses the list to show the newest first).
 */
export async function listComments(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  query: CommentListQuery,
): Promise<Page<Comment>> {
  const before = decodeCursor(query.cursor);
  await requireCommentablePhoto(deps, caller, photoId);
  const rows = await listPhotoCommentViewsNewestFirst(deps.db, photoId, query.limit + 1, before);
  const page = toPage(
    rows,
    query.limit,
    (row) => ({ key: row.created_at, id: row.id }),
    (row) => toComment(row, caller),
  );
  return { items: page.items.reverse(), nextCursor: page.nextCursor };
}

/**
 * Posts a comment on a photo its album lets the caller comment on; author and date are the
 * server's. The photo's open streams are told.
 */
export async function postComment(
  deps: AppDeps,
  caller: AuthUser,
  input: { photoId: string; message: string },
  log: FastifyBaseLogger,
): Promise<Comment> {
  await requireCommentablePhoto(deps, caller, input.photoId, 'album.comment');
  const id = newId();
  const now = deps.clock.now().toISOString();
  const told: Recipients | null = await deps.db.transaction().execute(async (trx) => {
    const done = await insertComment(trx, {
      id,
      photo_id: input.photoId,
      author_id: caller.id,
      message: input.message,
      created_at: now,
    });
    if (!done) return null;
    await insertCommentEvent(trx, {
      id: newId(),
      photo_id: input.photoId,
      comment_id: id,
      type: 'created',
      occurred_at: now,
    });
    // In the feed of whoever added the photo.
    return recordComment(trx, {
      photoId: input.photoId,
      actorId: caller.id,
      message: input.message,
      now,
    });
  });
  if (!told) throw notFound('PHOTO_NOT_FOUND', 'The photo');
  announceActivity(deps, told, log);
  const view = await findCommentView(deps.db, id);
  if (!view) throw notFound('COMMENT_NOT_FOUND', 'The comment');
  deps.commentChanges.publish(input.photoId, log);
  return toComment(view, caller);
}

/**
 * Deletes a comment: its author may, and so may the owner of the photo's album. The photo's open
 * streams are told.
 */
export async function deleteComment(
  deps: AppDeps,
  caller: AuthUser,
  commentId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const view = await findCommentView(deps.db, commentId);
  if (!view) throw notFound('COMMENT_NOT_FOUND', 'The comment');
  try {
    await requireCommentablePhoto(deps, caller, view.photo_id);
  } catch (error) {
    // A comment on a photo the caller may not see is answered like a missing one.
    if (error instanceof AppError && error.statusCode === 404) {
      throw notFound('COMMENT_NOT_FOUND', 'The comment');
    }
    throw error;
  }
  if (!mayDeleteComment(caller, view)) {
    throw new AppError(
      'NOT_OWNER',
      "Only the comment's author or the album's owner may delete this comment.",
    );
  }
  const deleted = await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteCommentRow(trx, commentId))) return false;
    await insertCommentEvent(trx, {
      id: newId(),
      photo_id: view.photo_id,
      comment_id: commentId,
      type: 'deleted',
      occurred_at: deps.clock.now().toISOString(),
    });
    return true;
  });
  // Deleted by someone else meanwhile: the outcome asked for holds, but say what happened.
  if (!deleted) throw notFound('COMMENT_NOT_FOUND', 'The comment');
  deps.commentChanges.publish(view.photo_id, log);
}

/** A comment event as a stream sends it: its id is the position to resume after. */
export interface SentCommentEvent {
  id: string;
  /** Its position, (occurred_at, event id). */
  position: Keyset;
  data: CommentEvent;
}

/**
 * The photo's events after a position, oldest first, as the caller sees them (at most `limit`
 * rows read). A created comment that is already gone again is left out: its deletion follows.
 */
export async function readCommentEvents(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  after: Keyset,
  limit: number,
): Promise<{ events: SentCommentEvent[]; rowsRead: number; lastRead: Keyset | undefined }> {
  const rows = await listCommentEventsAfter(deps.db, photoId, after, limit);
  const createdIds = rows.filter((row) => row.type === 'created').map((row) => row.comment_id);
  const views = new Map((await findCommentViews(deps.db, createdIds)).map((v) => [v.id, v]));
  const events: SentCommentEvent[] = [];
  for (const row of rows) {
    const position = { key: row.occurred_at, id: row.id };
    const id = encodeCursor(position);
    if (row.type === 'deleted') {
      events.push({ id, position, data: { type: 'deleted', commentId: row.comment_id, photoId } });
      continue;
    }
    const view = views.get(row.comment_id);
    if (view) {
      events.push({ id, position, data: { type: 'created', comment: toComment(view, caller) } });
    }
  }
  const last = rows.at(-1);
  return {
    events,
    rowsRead: rows.length,
    lastRead: last ? { key: last.occurred_at, id: last.id } : undefined,
  };
}

/** Removes comment events too old for any stream to resume from. */
export function pruneCommentEvents(deps: AppDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - COMMENT_EVENTS_KEPT_MS).toISOString();
  return deleteCommentEventsBefore(deps.db, cutoff);
}
