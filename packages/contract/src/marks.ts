import { z } from 'zod';
import { BULK_IDS_MAX, TIMELINE_PAGE_DEFAULT, TIMELINE_PAGE_MAX } from './library.js';

/**
 * Favourites and Archive (docs/decisions/0082-favourites-and-archive.md): a person's own marks on
 * what they see. A favourite is a stored file (one picture shown in two albums is one favourite);
 * archiving hides one's own uploads from one's own Photos, search and album covers. Nobody else
 * learns either: no count, list or flag in anyone else's answers.
 */

const photoIds = z
  .array(z.string().min(1).max(200))
  .min(1, { message: 'must name at least one photo' })
  .max(BULK_IDS_MAX, { message: `must name at most ${BULK_IDS_MAX} photos` });

/**
 * POST /api/favourites, /api/favourites/remove, /api/archive, /api/archive/restore: the photos'
 * files, marked or unmarked for the caller. All or none (404/403 names the first refused).
 */
export const markPhotosRequestSchema = z.object({ photoIds }).meta({ id: 'MarkPhotosRequest' });
export type MarkPhotosRequest = z.infer<typeof markPhotosRequestSchema>;

/** GET /api/archive: the caller's archived photos, newest first (the timeline's order). */
export const archiveQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
  /** Opaque: the previous page's nextCursor. */
  cursor: z.string().max(500).optional(),
});
export type ArchiveQuery = z.input<typeof archiveQuerySchema>;
