import { z } from 'zod';
import { BULK_IDS_MAX } from './library.js';
import { photoKindSchema, photoVideoSchema, thumbReadySchema } from './entities.js';

/**
 * The locked place (docs/decisions/0084-locked-place.md): photos of the person's own uploads moved
 * out of view. Such a photo shows nowhere else (no album, timeline, search, share link, cover,
 * feed or count), and every photo showing the same file goes with it. Reading the locked place,
 * moving photos out and deleting them for good need a session opened with a fresh sign-in
 * (POST /api/locked/session), carried in the LOCKED_SESSION_HEADER header.
 */

export const LOCKED_PAGE_MAX = 500;
export const LOCKED_PAGE_DEFAULT = 200;

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });
const id = z.string().min(1).max(200);
const photoIds = z
  .array(id)
  .min(1, { message: 'must name at least one photo' })
  .max(BULK_IDS_MAX, { message: `must name at most ${BULK_IDS_MAX} photos` });

/** POST /api/locked/photos: photos to move to the caller's locked place (of their own uploads). */
export const lockPhotosRequestSchema = z.object({ photoIds }).meta({ id: 'LockPhotosRequest' });
export type LockPhotosRequest = z.infer<typeof lockPhotosRequestSchema>;

export const lockPhotosResultSchema = z
  .object({
    /** How many photos left view: those named, and every other photo showing their files. */
    count: z.number().int().min(0),
  })
  .meta({ id: 'LockPhotosResult' });
export type LockPhotosResult = z.infer<typeof lockPhotosResultSchema>;

/** The answer of POST /api/locked/session. */
export const lockedSessionSchema = z
  .object({
    /** Send it back in LOCKED_SESSION_HEADER; it is shown once. */
    session: z.string(),
    /** When it ends unless a locked call comes first (each one pushes it on). */
    expiresAt: isoDate,
    idleSeconds: z.number().int().min(1),
  })
  .meta({ id: 'LockedSession' });
export type LockedSession = z.infer<typeof lockedSessionSchema>;

/** A photo of the locked place: one per file (copies of it in others' albums are locked with it). */
export const lockedPhotoSchema = z
  .object({
    id,
    /** The album it came from and goes back to; null when that album is gone. */
    album: z.object({ id: z.string(), name: z.string() }).nullable(),
    /** The thumbnail's address, bound to the session: it stops loading when the session ends. */
    photoUrl: z.string(),
    placeholder: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    kind: photoKindSchema,
    video: photoVideoSchema.nullable(),
    thumbReady: thumbReadySchema,
    /** When it was taken (or added). */
    sortDate: isoDate,
    lockedAt: isoDate,
  })
  .meta({ id: 'LockedPhoto' });
export type LockedPhoto = z.infer<typeof lockedPhotoSchema>;

/** GET /api/locked: newest locked first. */
export const lockedQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(LOCKED_PAGE_MAX).default(LOCKED_PAGE_DEFAULT),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().max(500).optional(),
});
export type LockedQuery = z.input<typeof lockedQuerySchema>;

export const lockedPageSchema = z
  .object({
    photos: z.array(lockedPhotoSchema),
    nextCursor: z.string().nullable(),
    /** How many photos (files) the locked place holds (all pages). */
    total: z.number().int().min(0),
  })
  .meta({ id: 'LockedPage' });
export type LockedPage = z.infer<typeof lockedPageSchema>;

/** POST /api/locked/restore (move out) and POST /api/locked/delete (for good): by photo id. */
export const lockedPhotosRequestSchema = z.object({ photoIds }).meta({ id: 'LockedPhotosRequest' });
export type LockedPhotosRequest = z.infer<typeof lockedPhotosRequestSchema>;

export const lockedRestoreResultSchema = z
  .object({
    /** How many photos are back in view (copies in others' albums included). */
    count: z.number().int().min(0),
    /**
     * Photos of the caller whose album they may no longer add to (or that is gone): back in their
     * own album `album` (made when needed) instead.
     */
    elsewhere: z.object({
      photoIds: z.array(z.string()),
      album: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  })
  .meta({ id: 'LockedRestoreResult' });
export type LockedRestoreResult = z.infer<typeof lockedRestoreResultSchema>;

export const lockedDeleteResultSchema = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'LockedDeleteResult' });
export type LockedDeleteResult = z.infer<typeof lockedDeleteResultSchema>;
