import type { LikeSummary, PhotoLike } from '@photo/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { decodeCursor, toPage, type Page } from '../../lib/paging.js';
import { announceActivity, recordLike } from '../activity/activity.service.js';
import { requireVisiblePhoto } from '../photos/photos.service.js';
import {
  countLikes,
  countPhotoLikes,
  deleteLike,
  insertLike,
  listLikers,
} from './likes.repository.js';

async function summary(deps: AppDeps, caller: AuthUser, photoId: string): Promise<LikeSummary> {
  const { count, likedByViewer } = await countLikes(deps.db, photoId, caller.id);
  return { photoId, likeCount: count, likedByMe: likedByViewer };
}

/**
 * Changes the caller's like of a photo they may see (`change`, given the photo's id), then tells
 * the photo's live streams and answers the photo's likes as they are now.
 */
async function changeLike(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  log: FastifyBaseLogger,
  change: (photoId: string) => Promise<void>,
): Promise<LikeSummary> {
  const photo = await requireVisiblePhoto(deps, caller, photoId);
  await change(photo.id);
  deps.likeChanges.publish(photo.id, log);
  return summary(deps, caller, photo.id);
}

/**
 * The caller likes the photo (again: no change). Anyone who may see a photo may like it. A new
 * like goes into the feed of whoever added the photo; the photo's live streams are told once the
 * like is stored.
 */
export async function likePhoto(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  log: FastifyBaseLogger,
): Promise<LikeSummary> {
  return changeLike(deps, caller, photoId, log, async (id) => {
    const now = deps.clock.now().toISOString();
    const told = await deps.db.transaction().execute(async (trx) => {
      const outcome = await insertLike(trx, { photo_id: id, user_id: caller.id, created_at: now });
      if (outcome === 'missing') throw notFound('PHOTO_NOT_FOUND', 'The photo');
      if (outcome === 'present') return [];
      return recordLike(trx, { photoId: id, actorId: caller.id, now });
    });
    announceActivity(deps, told, log);
  });
}

/**
 * The caller takes their like back (none: no change). Nobody can take back another's like. The
 * photo's live streams are told.
 */
export async function unlikePhoto(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  log: FastifyBaseLogger,
): Promise<LikeSummary> {
  return changeLike(deps, caller, photoId, log, (id) => deleteLike(deps.db, id, caller.id));
}

/**
 * How many like the photo, for its live stream (which decided access when it opened, as
 * requireVisiblePhoto does).
 */
export function readLikeCount(deps: AppDeps, photoId: string): Promise<number> {
  return countPhotoLikes(deps.db, photoId);
}

/** Who likes the photo, most recent first, a page at a time. */
export async function listPhotoLikes(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<PhotoLike>> {
  const after = decodeCursor(query.cursor);
  const photo = await requireVisiblePhoto(deps, caller, photoId);
  const rows = await listLikers(deps.db, photo.id, { limit: query.limit + 1, after });
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.created_at, id: row.user_id }),
    (row) => ({ userId: row.user_id, name: row.name, dateCreated: row.created_at }),
  );
}
