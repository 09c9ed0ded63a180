import { z } from 'zod';
import {
  dayKey,
  TIMELINE_PAGE_DEFAULT,
  TIMELINE_PAGE_MAX,
  timelinePhotoSchema,
} from './library.js';

/**
 * Places and Memories (decisions 0105, 0106): the caller's own located photos on a map, in
 * clusters that split as one zooms in, and "On this day" in earlier years. Both count only
 * photos the caller uploaded and still sees: never a locked or trashed one.
 */

/** The map's zoom levels (Web Mercator tiles: 0 shows the world in one 256-pixel tile). */
export const MAP_ZOOM_MIN = 0;
export const MAP_ZOOM_MAX = 20;
/** From this zoom on, every photo is its own point: no cluster is made. */
export const MAP_CLUSTER_MAX_ZOOM = 16;

const latitude = z.coerce.number().min(-90).max(90);
const longitude = z.coerce.number().min(-180).max(180);
/** `archived=true`: the caller's archived photos too (off by default, as Immich's map). */
const archivedToggle = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional()
  .meta({ description: 'true: also your archived photos (left out by default)' });

/** A bounding box in degrees: west ≤ east (no box crosses the 180th meridian), south ≤ north. */
const boundingBox = {
  west: longitude,
  south: latitude,
  east: longitude,
  north: latitude,
};
const boxIsOrdered = <T extends { west: number; south: number; east: number; north: number }>(
  schema: z.ZodType<T>,
) =>
  schema
    .refine((box) => box.west <= box.east, {
      message: 'west must not be east of east',
      path: ['west'],
    })
    .refine((box) => box.south <= box.north, {
      message: 'south must not be north of north',
      path: ['south'],
    });

/** GET /api/map/clusters: the clusters and single photos inside a box, at a zoom level. */
export const mapClustersQuerySchema = boxIsOrdered(
  z.object({
    ...boundingBox,
    zoom: z.coerce.number().int().min(MAP_ZOOM_MIN).max(MAP_ZOOM_MAX),
    archived: archivedToggle,
  }),
);
export type MapClustersQuery = z.infer<typeof mapClustersQuerySchema>;

/** A box in degrees, as answers give it. */
export const mapBoxSchema = z
  .object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
  .meta({ id: 'MapBox' });
export type MapBox = z.infer<typeof mapBoxSchema>;

/** A cluster of photos (count ≥ 2) or a single photo (count 1, with its id). */
export const mapClusterSchema = z
  .object({
    latitude: z.number(),
    longitude: z.number(),
    count: z.number().int().min(1),
    /** The box holding every photo of the cluster: GET /api/map/photos with it lists them. */
    box: mapBoxSchema,
    /** The zoom at which the cluster splits; null for a single photo. */
    expandsAt: z.number().int().nullable(),
    /** One of its photos, as a tile (its thumbnail stands for the cluster). */
    cover: timelinePhotoSchema,
  })
  .meta({ id: 'MapCluster' });
export type MapCluster = z.infer<typeof mapClusterSchema>;

export const mapClustersSchema = z
  .object({
    clusters: z.array(mapClusterSchema),
    /** How many located photos of the caller's the box holds. */
    total: z.number().int().min(0),
  })
  .meta({ id: 'MapClusters' });
export type MapClusters = z.infer<typeof mapClustersSchema>;

/** GET /api/map/photos: the caller's located photos inside a box, newest first, a page at a time. */
export const mapPhotosQuerySchema = boxIsOrdered(
  z.object({
    ...boundingBox,
    archived: archivedToggle,
    limit: z.coerce.number().int().min(1).max(TIMELINE_PAGE_MAX).default(TIMELINE_PAGE_DEFAULT),
    cursor: z.string().max(500).optional(),
  }),
);
export type MapPhotosQuery = z.infer<typeof mapPhotosQuerySchema>;

/** How many days either side of the day a memory reaches (decision 0108: a day each side). */
export const MEMORY_DAYS_AROUND = 1;
/** At most this many photos in one year's memory. */
export const MEMORY_PHOTOS_MAX = 50;

/** GET /api/memories: "On this day" for `day` (the person's own date today, YYYY-MM-DD). */
export const memoriesQuerySchema = z.object({ day: dayKey });
export type MemoriesQuery = z.infer<typeof memoriesQuerySchema>;

/**
 * A memory's key: the day it is of, that year (the year of its photos, the month and day asked
 * for), YYYY-MM-DD. "Don't show this memory" hides it by this key.
 */
export const memoryKeySchema = dayKey;

/** One earlier year's photos taken within a day of the day, in their own time zone. */
export const memorySchema = z
  .object({
    key: memoryKeySchema,
    year: z.number().int(),
    /** How many years before the day's year. */
    yearsAgo: z.number().int().min(1),
    photos: z.array(timelinePhotoSchema),
  })
  .meta({ id: 'Memory' });
export type Memory = z.infer<typeof memorySchema>;

export const memoriesSchema = z
  .object({ memories: z.array(memorySchema) })
  .meta({ id: 'Memories' });
export type Memories = z.infer<typeof memoriesSchema>;

/** POST /api/memories/hidden: "Don't show this memory" (a memory's `key`). */
export const hideMemoryRequestSchema = z
  .object({ key: memoryKeySchema })
  .meta({ id: 'HideMemory' });
export type HideMemoryRequest = z.infer<typeof hideMemoryRequestSchema>;
