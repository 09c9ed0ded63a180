import type { Comment } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { findPhotoById } from '../photos/photos.repository.js';
import {
  findCommentView,
  insertComment,
  listPhotoCommentViews,
  type CommentView,
} from './comments.repository.js';

/** A comment as the API shows it. */
export function toComment(view: CommentView): Comment {
  return {
    id: view.id,
    photoId: view.photo_id,
    message: view.message,
    createdBy: view.author_name,
    createdById: view.author_id,
    dateCreated: view.created_at,
  };
}

async function requirePhotoExists(deps: AppDeps, photoId: string): Promise<void> {
  if (!(await findPhotoById(deps.db, photoId))) throw notFound('PHOTO_NOT_FOUND', 'The photo');
}

/** The photo's comments, oldest first. */
export async function listComments(deps: AppDeps, photoId: string): Promise<Comment[]> {
  await requirePhotoExists(deps, photoId);
  const rows = await listPhotoCommentViews(deps.db, photoId);
  return rows.map(toComment);
}

/** Posts a comment on a photo; the author and the date are the server's. */
export async function postComment(
  deps: AppDeps,
  caller: AuthUser,
  input: { photoId: string; message: string },
): Promise<Comment> {
  await requirePhotoExists(deps, input.photoId);
  const id = newId();
  const inserted = await insertComment(deps.db, {
    id,
    photo_id: input.photoId,
    author_id: caller.id,
    message: input.message,
    created_at: deps.clock.now().toISOString(),
  });
  if (!inserted) throw notFound('PHOTO_NOT_FOUND', 'The photo');
  const view = await findCommentView(deps.db, id);
  if (!view) throw notFound('NOT_FOUND', 'The comment');
  return toComment(view);
}
