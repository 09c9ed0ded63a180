import {
  ACTIVITY_UNREAD_MAX,
  type Activity,
  type ActivityEvent,
  type ActivityKind,
  type ActivityUnread,
} from '@photo/contract';
import type { Db } from '../../db/schema.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { newId } from '../../lib/ids.js';
import { decodeCursor, encodeCursor, toPage, type Keyset, type Page } from '../../lib/paging.js';
import { albumPictureUrl } from '../../lib/picture-url.js';
import {
  addToBurst,
  countUnreadActivities,
  findAlbumOwner,
  findOpenBurst,
  findPhotoAdder,
  findUserName,
  insertActivities,
  listActivityViews,
  listActivityViewsAfter,
  listAlbumPeopleExcept,
  setActivityReadAt,
  type ActivityView,
} from './activity.repository.js';

/** A comment's excerpt in the feed: its first characters. */
export const EXCERPT_LENGTH = 140;
/** Photos added to an album within this long of the entry's last addition join that entry. */
export const BURST_MS = 60 * 60 * 1000;

/** Kinds whose entries add up a burst of photos instead of one entry each. */
const BURST_KINDS: readonly ActivityKind[] = ['photosAdded', 'guestUpload'];

/** One entry to write into a person's feed. */
export interface ActivityEntry {
  /** Whose feed. */
  userId: string;
  kind: ActivityKind;
  albumId: string;
  photoId: string | null;
  /** The user who did it; null for a share link's guest. */
  actorId: string | null;
  actorName: string;
  count?: number;
  excerpt?: string | null;
}

/**
 * The people whose feeds changed: after the transaction that recorded their entries commits,
 * announceActivity tells their open streams.
 */
export type Recipients = readonly string[];

/**
 * Writes entries into people's feeds, in the caller's transaction (or on the database). Never
 * into the actor's own feed. photosAdded and guestUpload entries join the recipient's unread entry
 * of the same album, kind and actor whose last addition is less than BURST_MS old (its count
 * grows, and it becomes the latest); otherwise each is a new entry. Answers the recipients.
 */
export async function recordActivity(
  db: Db,
  entries: readonly ActivityEntry[],
  now: string,
): Promise<Recipients> {
  const since = new Date(Date.parse(now) - BURST_MS).toISOString();
  const recipients = new Set<string>();
  for (const entry of entries) {
    if (entry.actorId !== null && entry.userId === entry.actorId) continue;
    const row = {
      user_id: entry.userId,
      kind: entry.kind,
      album_id: entry.albumId,
      actor_id: entry.actorId,
      actor_name: entry.actorName,
    };
    const count = Math.max(1, entry.count ?? 1);
    const burst = BURST_KINDS.includes(entry.kind)
      ? await findOpenBurst(db, row, since)
      : undefined;
    if (burst) {
      await addToBurst(db, burst.id, count, now);
    } else {
      await insertActivities(db, [
        {
          id: newId(),
          ...row,
          photo_id: entry.photoId,
          count,
          excerpt: entry.excerpt ?? null,
          created_at: now,
        },
      ]);
    }
    recipients.add(entry.userId);
  }
  return [...recipients];
}

async function actorName(db: Db, userId: string): Promise<string> {
  return (await findUserName(db, userId)) ?? 'Someone';
}

/** `userId` became a member of the album: the owner's invitation, in their feed. */
export async function recordInvitation(
  db: Db,
  input: { albumId: string; userId: string; now: string },
): Promise<Recipients> {
  const album = await findAlbumOwner(db, input.albumId);
  if (!album) return [];
  const entry: ActivityEntry = {
    userId: input.userId,
    kind: 'invitation',
    albumId: input.albumId,
    photoId: null,
    actorId: album.owner_id,
    actorName: await actorName(db, album.owner_id),
  };
  return recordActivity(db, [entry], input.now);
}

/**
 * The actor added `count` photos to the album (`photoId` the first): in the feeds of the album's
 * owner and members but the actor (not of everyone who merely sees an album shown to everyone).
 */
export async function recordPhotosAdded(
  db: Db,
  input: { albumId: string; actorId: string; photoId: string; count: number; now: string },
): Promise<Recipients> {
  if (input.count < 1) return [];
  const people = await listAlbumPeopleExcept(db, input.albumId, input.actorId);
  if (people.length === 0) return [];
  const name = await actorName(db, input.actorId);
  return recordActivity(
    db,
    people.map((userId) => ({
      userId,
      kind: 'photosAdded' as const,
      albumId: input.albumId,
      photoId: input.photoId,
      actorId: input.actorId,
      actorName: name,
      count: input.count,
    })),
    input.now,
  );
}

/** A guest of a share link added `count` photos to the album: in its owner's feed. */
export async function recordGuestUpload(
  db: Db,
  input: { albumId: string; guestName: string; photoId: string; count: number; now: string },
): Promise<Recipients> {
  const album = await findAlbumOwner(db, input.albumId);
  if (!album || input.count < 1) return [];
  return recordActivity(
    db,
    [
      {
        userId: album.owner_id,
        kind: 'guestUpload',
        albumId: input.albumId,
        photoId: input.photoId,
        actorId: null,
        actorName: input.guestName,
        count: input.count,
      },
    ],
    input.now,
  );
}

/** The actor commented on a photo: in the feed of whoever added it (not their own). */
export function recordComment(
  db: Db,
  input: { photoId: string; actorId: string; message: string; now: string },
): Promise<Recipients> {
  return recordForPhotoAdder(db, input, {
    kind: 'comment',
    excerpt: [...input.message].slice(0, EXCERPT_LENGTH).join(''),
  });
}

/** The actor liked a photo: in the feed of whoever added it (not their own). */
export function recordLike(
  db: Db,
  input: { photoId: string; actorId: string; now: string },
): Promise<Recipients> {
  return recordForPhotoAdder(db, input, { kind: 'like' });
}

/** An entry about a photo in the feed of whoever added it, unless they are the actor. */
async function recordForPhotoAdder(
  db: Db,
  input: { photoId: string; actorId: string; now: string },
  entry: { kind: 'comment' | 'like'; excerpt?: string },
): Promise<Recipients> {
  const photo = await findPhotoAdder(db, input.photoId);
  if (!photo || photo.owner_id === input.actorId) return [];
  return recordActivity(
    db,
    [
      {
        userId: photo.owner_id,
        albumId: photo.album_id,
        photoId: input.photoId,
        actorId: input.actorId,
        actorName: await actorName(db, input.actorId),
        ...entry,
      },
    ],
    input.now,
  );
}

/** Logs a lost event-bus publication; the streams still read again within their poll time. */
interface WarnLog {
  warn(details: object, message: string): void;
}
const consoleLog: WarnLog = {
  warn: (details, message) => console.warn(message, details),
};

/** After the recording transaction committed: the recipients' open streams, on any instance, read. */
export function announceActivity(
  deps: Pick<AppDeps, 'activityChanges'>,
  recipients: Recipients,
  log: WarnLog = consoleLog,
): void {
  for (const userId of recipients) deps.activityChanges.publish(userId, log);
}

function toActivity(
  view: ActivityView,
  readAt: string | null,
  deps: Pick<AppDeps, 'config' | 'pictureSigner'>,
): Activity {
  return {
    id: view.id,
    kind: view.kind,
    actorName: view.actor_name,
    albumId: view.album_id,
    albumName: view.album_name,
    photoId: view.photo_id,
    thumbnailUrl: view.file_id
      ? albumPictureUrl(view.file_id, view.album_visibility, {
          publicUrl: deps.config.publicUrl,
          signer: deps.pictureSigner,
          editVersion: Number(view.edit_version ?? 0),
        })
      : null,
    count: Math.max(1, Number(view.count)),
    excerpt: view.excerpt,
    dateCreated: view.created_at,
    unread: readAt === null || view.created_at > readAt,
  };
}

async function readMark(deps: AppDeps, userId: string): Promise<string | null> {
  const row = await deps.db
    .selectFrom('users')
    .select('activity_read_at')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.activity_read_at ?? null;
}

/** A page of the caller's feed, newest first. */
export async function listActivity(
  deps: AppDeps,
  caller: AuthUser,
  query: { limit: number; cursor?: string | undefined },
): Promise<Page<Activity>> {
  const before = decodeCursor(query.cursor);
  const [rows, readAt] = await Promise.all([
    listActivityViews(deps.db, caller.id, { limit: query.limit + 1, before }),
    readMark(deps, caller.id),
  ]);
  return toPage(
    rows,
    query.limit,
    (row) => ({ key: row.created_at, id: row.id }),
    (row) => toActivity(row, readAt, deps),
  );
}

/** How many unread entries the caller has, up to ACTIVITY_UNREAD_MAX, and whether there are more. */
export async function unreadActivity(deps: AppDeps, caller: AuthUser): Promise<ActivityUnread> {
  const counted = await countUnreadActivities(deps.db, caller.id, ACTIVITY_UNREAD_MAX + 1);
  return { count: counted, more: counted > ACTIVITY_UNREAD_MAX };
}

/** Marks everything in the caller's feed read (entries created up to now). */
export async function markActivityRead(deps: AppDeps, caller: AuthUser): Promise<ActivityUnread> {
  await setActivityReadAt(deps.db, caller.id, deps.clock.now().toISOString());
  return unreadActivity(deps, caller);
}

/** An entry as a stream sends it: its id is the position to resume after. */
export interface SentActivityEvent {
  id: string;
  position: Keyset;
  data: ActivityEvent;
}

/**
 * The caller's entries after a position, oldest first, each with the unread count after the
 * batch (at most `limit` rows read). An entry that grew by a burst comes again, with a new
 * position.
 */
export async function readActivityEvents(
  deps: AppDeps,
  caller: AuthUser,
  after: Keyset,
  limit: number,
): Promise<{ events: SentActivityEvent[]; rowsRead: number; lastRead: Keyset | undefined }> {
  const rows = await listActivityViewsAfter(deps.db, caller.id, after, limit);
  if (rows.length === 0) return { events: [], rowsRead: 0, lastRead: undefined };
  const [readAt, unread] = await Promise.all([
    readMark(deps, caller.id),
    unreadActivity(deps, caller),
  ]);
  const events = rows.map((row) => {
    const position = { key: row.created_at, id: row.id };
    return {
      id: encodeCursor(position),
      position,
      data: { activity: toActivity(row, readAt, deps), unread },
    };
  });
  const last = rows.at(-1)!;
  return { events, rowsRead: rows.length, lastRead: { key: last.created_at, id: last.id } };
}
