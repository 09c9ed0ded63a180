import { z } from 'zod';
import { BULK_IDS_MAX } from './library.js';
import { photoKindSchema, photoVideoSchema, thumbReadySchema } from './entities.js';

/**
 * Trash (docs/decisions/0080-trash.md): deleting a photo, a selection or an album moves it to the
 * Trash of the person who deleted it, for TRASH_DAYS days (0: Trash is off and deleting is final).
 * A photo in Trash shows nowhere else. It keeps its id, so the calls below name photos by the ids
 * they had; restoring puts back the same photo, with its comments and likes, in the album it came
 * from (an album deleted with it comes back too).
 */

/** At most this many photos in one Trash page. */
export const TRASH_PAGE_MAX = 500;
export const TRASH_PAGE_DEFAULT = 200;

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });
const id = z.string().min(1).max(200);
const photoIds = z
  .array(id)
  .min(1, { message: 'must name at least one photo' })
  .max(BULK_IDS_MAX, { message: `must name at most ${BULK_IDS_MAX} photos` });
const albumIds = z
  .array(id)
  .min(1, { message: 'must name at least one album' })
  .max(BULK_IDS_MAX, { message: `must name at most ${BULK_IDS_MAX} albums` });

/** Someone, as Trash names them. */
const personSchema = z.object({ id: z.string(), name: z.string() });

/** A photo in Trash. */
export const trashPhotoSchema = z
  .object({
    /** The id the photo had, and has again once restored. */
    id,
    /** The album it came from; `trashed`: that album was deleted too, and comes back with it. */
    album: z.object({ id: z.string(), name: z.string(), trashed: z.boolean() }),
    /** The thumbnail's address, signed for the caller alone (other people's addresses answer 404). */
    photoUrl: z.string(),
    placeholder: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    kind: photoKindSchema,
    video: photoVideoSchema.nullable(),
    thumbReady: thumbReadySchema,
    /** Who added the photo. */
    createdBy: personSchema,
    /** Whose Trash holds it: the person who deleted it. */
    heldBy: personSchema,
    /**
     * Whether the caller may restore or delete it for good: true in their own Trash. False for a
     * photo the caller added that an album's owner deleted: it is listed so its author sees where
     * it went.
     */
    mine: z.boolean(),
    trashedAt: isoDate,
    /** When the purge removes it for good. */
    purgeAt: isoDate,
  })
  .meta({ id: 'TrashPhoto' });
export type TrashPhoto = z.infer<typeof trashPhotoSchema>;

/** An album in the caller's Trash, empty or not: it is restored, or deleted for good, as one. */
export const trashAlbumSchema = z
  .object({
    /** The id the album had, and has again once restored. */
    id,
    name: z.string(),
    /** How many of its photos went to Trash with it (0: an album without photos). */
    photoCount: z.number().int().min(0),
    trashedAt: isoDate,
    /** When the purge removes it for good, with its photos. */
    purgeAt: isoDate,
  })
  .meta({ id: 'TrashAlbum' });
export type TrashAlbum = z.infer<typeof trashAlbumSchema>;

/** GET /api/trash: newest deletion first. */
export const trashQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TRASH_PAGE_MAX).default(TRASH_PAGE_DEFAULT),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().max(500).optional(),
});
export type TrashQuery = z.input<typeof trashQuerySchema>;

export const trashPageSchema = z
  .object({
    photos: z.array(trashPhotoSchema),
    /** The albums the caller's Trash holds, newest deletion first: all on the first page, none after. */
    albums: z.array(trashAlbumSchema),
    nextCursor: z.string().nullable(),
    /** How many photos the caller's own Trash holds (all pages). */
    total: z.number().int().min(0),
    /** TRASH_DAYS: how long a photo stays in Trash. */
    days: z.number().int().min(0),
  })
  .meta({ id: 'TrashPage' });
export type TrashPage = z.infer<typeof trashPageSchema>;

/** What Restore and Delete for good name: photos, albums, or all of the Trash, exactly one. */
const trashChoiceSchema = z
  .object({
    photoIds: photoIds.optional(),
    albumIds: albumIds.optional(),
    all: z.literal(true).optional(),
  })
  .refine(
    (body) =>
      [body.photoIds, body.albumIds, body.all].filter((given) => given !== undefined).length === 1,
    { message: 'must name photoIds, albumIds or all, exactly one' },
  );

/**
 * POST /api/trash/restore: photos of the caller's Trash by id, albums deleted with their photos
 * by id, or `all`. Exactly one of the three. A photo no longer in Trash: 404 naming it, nothing
 * restored.
 */
export const trashRestoreRequestSchema = trashChoiceSchema.meta({ id: 'TrashRestoreRequest' });
export type TrashRestoreRequest = z.infer<typeof trashRestoreRequestSchema>;

export const trashRestoreResultSchema = z
  .object({
    /** How many photos are back. */
    count: z.number().int().min(0),
    /**
     * Photos whose album the caller may no longer add to: they are back in the caller's own
     * album `album` (created when needed) instead.
     */
    elsewhere: z.object({
      photoIds: z.array(z.string()),
      album: z.object({ id: z.string(), name: z.string() }).nullable(),
    }),
  })
  .meta({ id: 'TrashRestoreResult' });
export type TrashRestoreResult = z.infer<typeof trashRestoreResultSchema>;

/**
 * POST /api/trash/delete: photos of the caller's Trash deleted for good, albums of it with the
 * photos deleted with them, or `all` of it (Empty Trash). Exactly one of the three.
 */
export const trashDeleteRequestSchema = trashChoiceSchema.meta({ id: 'TrashDeleteRequest' });
export type TrashDeleteRequest = z.infer<typeof trashDeleteRequestSchema>;

export const trashDeleteResultSchema = z
  .object({
    /** How many photos went for good. */
    count: z.number().int().min(0),
    /** How many albums went for good. */
    albums: z.number().int().min(0),
  })
  .meta({ id: 'TrashDeleteResult' });
export type TrashDeleteResult = z.infer<typeof trashDeleteResultSchema>;
