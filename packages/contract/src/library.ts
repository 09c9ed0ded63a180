import { z } from 'zod';
import { personSchema } from './people.js';
import { albumSchema, photoKindSchema, photoVideoSchema, thumbReadySchema } from './entities.js';

/**
 * Every photo in one place: the timeline of all photos a person may see, search, actions on many
 * photos at once, and zip downloads (docs/decisions/0052-timeline-and-search.md).
 */

/** At most this many photos in one timeline or search page. */
export const TIMELINE_PAGE_MAX = 500;
export const TIMELINE_PAGE_DEFAULT = 200;
/** At most this many photo ids in one bulk action or download. */
export const BULK_IDS_MAX = 10_000;
/** At most this many characters in a search's text. */
export const SEARCH_TEXT_MAX = 200;
/** At most this many albums in a search's answer. */
export const SEARCH_ALBUMS_MAX = 20;

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });
const id = z.string().min(1).max(200);
/** A calendar month, YYYY-MM, of a photo's date (date taken when known, else date added; UTC). */
const monthKey = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month, YYYY-MM' })
  .meta({ description: 'A month, YYYY-MM' });
/** A calendar day, YYYY-MM-DD. */
export const dayKey = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'must be a date, YYYY-MM-DD' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: 'must be a real date',
    },
  )
  .meta({ description: 'A date, YYYY-MM-DD (UTC)' });

/** One month of the timeline: how many photos it holds. Newest month first. */
export const timelineMonthSchema = z
  .object({ month: monthKey, count: z.number().int().min(1) })
  .meta({ id: 'TimelineMonth' });
export type TimelineMonth = z.infer<typeof timelineMonthSchema>;

/** GET /api/timeline/months: every month that holds a photo the caller may see, newest first. */
export const timelineMonthsSchema = z
  .object({ months: z.array(timelineMonthSchema), total: z.number().int().min(0) })
  .meta({ id: 'TimelineMonths' });
export type TimelineMonths = z.infer<typeof timelineMonthsSchema>;

/** A photo as the timeline, search and selections show it: a tile, without counts. */
export const timelinePhotoSchema = z
  .object({
    id,
    albumId: z.string(),
    /** The thumbnail's address (signed when pictures are signed). */
    photoUrl: z.string(),
    placeholder: z.string().nullable(),
    ready: z.boolean(),
    thumbReady: thumbReadySchema,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** Date taken when known, else date added: the timeline's order. */
    date: isoDate,
    createdById: z.string(),
    kind: photoKindSchema,
    /** For a video and a Live Photo: its length and whether it plays yet; null for a picture. */
    video: photoVideoSchema.nullable(),
    /** Whether the caller marked its file a favourite (decision 0082): the caller's alone. */
    favourite: z.boolean(),
  })
  .meta({ id: 'TimelinePhoto' });
export type TimelinePhoto = z.infer<typeof timelinePhotoSchema>;

/** `favourites=true`: only the caller's favourites (decision 0082). */
const favouritesFilter = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional()
  .meta({ description: "true: only the caller's favourites" });

/** GET /api/timeline/months: the months of Photos, or of its favourites filter. */
export const timelineMonthsQuerySchema = z.object({ favourites: favouritesFilter });
export type TimelineMonthsQuery = z.infer<typeof timelineMonthsQuerySchema>;

/** GET /api/timeline: newest first; `month` keeps the page inside one month. */
export const timelineQuerySchema = z.object({
  month: monthKey.optional(),
  favourites: favouritesFilter,
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().max(500).optional(),
});
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

export const timelinePageSchema = z
  .object({
    photos: z.array(timelinePhotoSchema),
    /** Pass as `cursor` for the next (older) page; null when there is none. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'TimelinePage' });
export type TimelinePage = z.infer<typeof timelinePageSchema>;

/**
 * GET /api/search: albums by name, and photos by file name, date range, camera and who added
 * them. Every given criterion must hold. At least one must be given.
 */
export const searchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(SEARCH_TEXT_MAX, { message: `must be at most ${SEARCH_TEXT_MAX} characters` })
      .optional(),
    /** First day included (UTC). */
    from: dayKey.optional(),
    /** Last day included (UTC). */
    to: dayKey.optional(),
    /** Matches the camera's make or model. */
    camera: z.string().trim().max(SEARCH_TEXT_MAX).optional(),
    /** The user id of who added the photo. */
    addedBy: z.string().max(200).optional(),
    favourites: favouritesFilter,
    limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
    cursor: z.string().max(500).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to',
    path: ['from'],
  });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z
  .object({
    /** Albums whose name matches `q` (none when `q` is absent); only on the first page. */
    albums: z.array(albumSchema),
    /** The caller's people whose name holds `q`, hidden ones left out; only on the first page. */
    people: z.array(personSchema),
    photos: z.array(timelinePhotoSchema),
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'SearchResult' });

/** GET /api/people/{personId}/photos: a page of the Photos grid, of the photos showing them. */
export const personPhotosQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
  cursor: z.string().max(500).optional(),
});
export type PersonPhotosQuery = z.infer<typeof personPhotosQuerySchema>;
export type SearchResult = z.infer<typeof searchResultSchema>;

const photoIds = z
  .array(id)
  .min(1, { message: 'must name at least one photo' })
  .max(BULK_IDS_MAX, { message: `must name at most ${BULK_IDS_MAX} photos` });

/** POST /api/photos/bulk-delete: all are deleted, or none (403/404 names the first refused). */
export const bulkDeleteRequestSchema = z.object({ photoIds }).meta({ id: 'BulkDeleteRequest' });
export type BulkDeleteRequest = z.infer<typeof bulkDeleteRequestSchema>;

/**
 * POST /api/photos/bulk-add: the photos are added to `albumId` (the same stored files; no bytes
 * are copied). With move, they also leave their albums: only photos the caller may remove.
 */
export const bulkAddRequestSchema = z
  .object({ photoIds, albumId: id, move: z.boolean().default(false) })
  .meta({ id: 'BulkAddRequest' });
export type BulkAddRequest = z.input<typeof bulkAddRequestSchema>;

export const bulkResultSchema = z
  .object({
    /** How many photos the action changed (a photo already in the album is not added twice). */
    count: z.number().int().min(0),
  })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/**
 * POST /api/photos/{photoId}/save: the photo, one the caller may see, is saved to `albumId`, an
 * album of theirs (or one they contribute to): a new photo of the same stored file, theirs.
 */
export const savePhotoRequestSchema = z.object({ albumId: id }).meta({ id: 'SavePhotoRequest' });
export type SavePhotoRequest = z.infer<typeof savePhotoRequestSchema>;

/** POST /api/downloads: a zip of the photos named, or of a whole album. */
export const downloadRequestSchema = z
  .union([z.object({ photoIds }), z.object({ albumId: id })])
  .meta({ id: 'DownloadRequest' });
export type DownloadRequest = z.infer<typeof downloadRequestSchema>;

/** Where the browser downloads the zip: a short-lived address that needs no header. */
export const downloadTicketSchema = z
  .object({ url: z.string(), expiresAt: isoDate })
  .meta({ id: 'DownloadTicket' });
export type DownloadTicket = z.infer<typeof downloadTicketSchema>;
