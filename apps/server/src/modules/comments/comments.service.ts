import type { Comment } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { requirePhotoAccess } from '../photos/photos.service.js';
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

/** The photo's comments, oldest first, for whoever may see the photo. */
export async function listComments(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
): Promise<Comment[]> {
  await requirePhotoAccess(deps, caller, photoId, 'album.read');
  const rows = await listPhotoCommentViews(deps.db, photoId);
  return rows.map(toComment);
}

/** Posts a comment on a photo its album lets the caller comment on; author and date are the server's. */
export async function postComment(
  deps: AppDeps,
  caller: AuthUser,
  input: { photoId: string; message: string },
): Promise<Comment> {
  await requirePhotoAccess(deps, caller, input.photoId, 'album.comment');
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
