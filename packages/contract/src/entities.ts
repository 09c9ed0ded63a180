import { z } from 'zod';

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });
const id = z.string().min(1);

/**
 * A ThumbHash (base64, about 30 characters) of a picture as shown: decoded by the client into a
 * blurred stand-in of the right colours to paint until the picture arrives. null when the server
 * has none (files stored before placeholders were made, pictures not stored here).
 */
const placeholder = z
  .string()
  .nullable()
  .meta({ description: 'ThumbHash of the picture, base64; null when there is none' });

/**
 * Whether the picture's sizes (thumbnail, preview, card crops) have been made. They are made by a
 * job just after the upload; until then a size is answered by the original, and clients show the
 * placeholder and look again.
 */
const ready = z
  .boolean()
  .meta({ description: "Whether the picture's sizes are made (false just after its upload)" });

/**
 * Whether the 600 px thumbnail is made: `size=thumb` then serves it, while the other sizes may
 * still be made after it (true whenever `ready` is). Grids show the thumbnail from then on, and
 * keep asking again until `ready`. Absent from servers before it: read it as `ready` then.
 */
export const thumbReadySchema = z.boolean().optional().meta({
  description:
    'Whether the 600 px thumbnail is made: size=thumb serves it (true whenever ready is)',
});

export const userSchema = z
  .object({
    id,
    emailAddress: z.string(),
    name: z.string(),
    profilePicUrl: z.string(),
    dateCreated: isoDate,
    /**
     * Only in the answers about the caller (users/me and its changes): whether they are this
     * server's administrator, the first account made on it.
     */
    isAdmin: z.boolean().optional(),
    /**
     * Only in the answers about the caller: the name of the server's administrator, who confirms
     * addresses and makes password links when the server sends no e-mail; absent when there is none.
     */
    adminName: z.string().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const albumSchema = z
  .object({
    id,
    name: z.string(),
    /** Empty when the cover's file is one the caller archived (decision 0082): no picture. */
    coverPhotoUrl: z.string(),
    coverPlaceholder: placeholder,
    coverReady: ready,
    /** The owner's name. */
    createdBy: z.string(),
    /** The owner's user id. */
    createdById: z.string(),
    dateCreated: isoDate,
    /** Who sees it: everyone (with an account), invited people only, or the owner only. */
    visibility: z.enum(['everyone', 'invited', 'owner']).optional(),
    /**
     * true when the owner shows the people it is shared with where the owner's photos were taken
     * (their location, and the originals with it); absent when off, as it is unless turned on.
     */
    showPlaces: z.boolean().optional(),
    /** The caller's role when they are a member (the owner is createdById); absent otherwise. */
    myRole: z.enum(['contributor', 'viewer']).optional(),
    photoCount: z.number().int().min(0).meta({ description: 'How many photos the album holds' }),
    firstPhotoDate: isoDate.nullable().meta({
      description:
        "The earliest of its photos' dates (date taken when known, else date added); null when it has no photos",
    }),
    /**
     * Only in a share link's answer (GET shared/{token}): whether the link offers the album as one
     * zip, at GET shared/{token}/download.
     */
    allowDownload: z.boolean().optional(),
    /** Only in a share link's answer: what the link lets its holder do. */
    linkPermission: z.enum(['view', 'download', 'addPhotos']).optional(),
    lastPhotoDate: isoDate.nullable().meta({
      description:
        "The latest of its photos' dates (date taken when known, else date added); null when it has no photos",
    }),
  })
  .meta({ id: 'Album' });
export type Album = z.infer<typeof albumSchema>;

/** What kind of item a photo is: a picture, a video, or a Live Photo (a picture with its motion). */
export const photoKindSchema = z.enum(['photo', 'video', 'livePhoto']).meta({ id: 'PhotoKind' });
export type PhotoKind = z.infer<typeof photoKindSchema>;

/**
 * A video's playback, or a Live Photo's motion. It plays from the photo's address with
 * size=video (PLAYBACK_SIZE), under the same access rules and signature as the picture.
 */
export const photoVideoSchema = z
  .object({
    durationMs: z.number().int().min(0),
    /**
     * processing: a copy every browser plays is being made, and the poster shows meanwhile;
     * ready: it plays; failed: no such copy could be made (the original can still be downloaded).
     */
    state: z.enum(['processing', 'ready', 'failed']),
  })
  .meta({ id: 'PhotoVideo' });
export type PhotoVideo = z.infer<typeof photoVideoSchema>;

export const photoLocationSchema = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    /** Metres above sea level; null when the file does not say. */
    altitude: z.number().nullable(),
    /** The nearest town or city (found offline); absent when none is near or not named yet. */
    city: z.string().optional(),
    /** Its country's ISO 3166-1 alpha-2 code, e.g. PT. */
    country: z.string().optional(),
  })
  .meta({ id: 'PhotoLocation' });

/**
 * What is known of a photo besides what every list shows (the photo's details, decision 0086):
 * what its original's metadata says (null where it says nothing) and the albums it is in.
 */
export const photoDetailsSchema = z
  .object({
    /**
     * Minutes east of UTC of the camera's clock when it was taken, when the file says
     * (OffsetTimeOriginal): dateTaken is then the moment itself. null: unknown, and dateTaken is
     * the camera's clock reading as if it were UTC.
     */
    takenOffsetMinutes: z.number().int().min(-900).max(900).nullable(),
    /** The file's name on the device it was uploaded from; null for files stored before names were kept. */
    fileName: z.string().nullable(),
    lens: z.string().nullable(),
    /** The aperture's f-number: 1.8 for f/1.8. */
    fNumber: z.number().positive().nullable(),
    /** Seconds the shutter was open: 0.004 for 1/250 s. */
    exposureSeconds: z.number().positive().nullable(),
    iso: z.number().int().positive().nullable(),
    /** Millimetres. */
    focalLength: z.number().positive().nullable(),
    /** Millimetres, as on a 35 mm camera. */
    focalLength35mm: z.number().int().positive().nullable(),
    /**
     * The albums showing this photo's file that the caller may see (this one first); a share
     * link's visitor, only the link's album.
     */
    albums: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'PhotoDetails' });
export type PhotoDetails = z.infer<typeof photoDetailsSchema>;

export const photoSchema = z
  .object({
    id,
    albumId: z.string(),
    fileId: z.string(),
    photoUrl: z.string(),
    /**
     * Where it was taken, as its file says: only for the file's owner, and for the people of an
     * album whose owner shows places (showPlaces) to them; absent otherwise.
     */
    location: photoLocationSchema.optional(),
    placeholder,
    ready,
    thumbReady: thumbReadySchema,
    /** The uploader's name (a guest's, as they gave it, when addedByGuest). */
    createdBy: z.string(),
    createdById: z.string(),
    /** True when a guest without an account added it through a share link (createdById is then the album's owner's). */
    addedByGuest: z.boolean().optional(),
    dateCreated: isoDate,
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    /** From EXIF, when the image carried it. */
    dateTaken: isoDate.nullable(),
    /**
     * When it was taken as the camera's clock read it, in the time zone the file gives, written as
     * if it were UTC (decision 0101): the day and time lists and captions show. null: unknown.
     */
    dateTakenClock: isoDate.nullable().optional(),
    cameraMake: z.string().nullable(),
    cameraModel: z.string().nullable(),
    fileSize: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Bytes of the original file, as uploaded' }),
    /**
     * Degrees clockwise the photo is shown turned from its upright original (an edit: the
     * original is kept as uploaded). width and height are as shown.
     */
    rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
    /** How many people like the photo. */
    likeCount: z.number().int().min(0),
    /** Whether the signed-in user is one of them. */
    likedByMe: z.boolean(),
    commentCount: z.number().int().min(0),
    kind: photoKindSchema,
    /** For a video and a Live Photo: its length and whether it plays yet; null for a picture. */
    video: photoVideoSchema.nullable(),
    /** Whether the signed-in caller marked its file a favourite; absent for a link's visitor. */
    favourite: z.boolean().optional(),
    /** Whether the caller archived its file (only their own uploads); absent for a visitor. */
    archived: z.boolean().optional(),
    /** Only in the answer about one photo (GET photos/{id}, GET shared/{token}/photos/{id}). */
    details: photoDetailsSchema.optional(),
  })
  .meta({ id: 'Photo' });
export type Photo = z.infer<typeof photoSchema>;

export const commentSchema = z
  .object({
    id,
    photoId: z.string(),
    message: z.string(),
    /** The author's name. */
    createdBy: z.string(),
    createdById: z.string(),
    dateCreated: isoDate,
    /** Whether the caller may delete it: its author, or the owner of the photo's album. */
    canDelete: z.boolean(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

/**
 * What the live stream of a photo's comments sends (Server-Sent Events, event name "comment"):
 * a comment posted, or the id of one deleted. Applying an event twice changes nothing.
 */
export const commentEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('created'), comment: commentSchema }),
    z.object({ type: z.literal('deleted'), commentId: z.string(), photoId: z.string() }),
  ])
  .meta({ id: 'CommentEvent' });
export type CommentEvent = z.infer<typeof commentEventSchema>;

/**
 * A photo's like count changed: sent on the photo's live stream as the event "likes" (the
 * client keeps its own likedByMe).
 */
export const likeEventSchema = z
  .object({ photoId: z.string(), likeCount: z.number().int().min(0) })
  .meta({ id: 'LikeEvent' });
export type LikeEvent = z.infer<typeof likeEventSchema>;

/** A photo's likes as the signed-in user sees them, answered when they like or unlike it. */
export const likeSummarySchema = z
  .object({
    photoId: z.string(),
    likeCount: z.number().int().min(0),
    likedByMe: z.boolean(),
  })
  .meta({ id: 'LikeSummary' });
export type LikeSummary = z.infer<typeof likeSummarySchema>;

/** Someone who likes a photo. */
export const photoLikeSchema = z
  .object({
    userId: z.string(),
    /** Their name. */
    name: z.string(),
    /** When they liked it. */
    dateCreated: isoDate,
  })
  .meta({ id: 'PhotoLike' });
export type PhotoLike = z.infer<typeof photoLikeSchema>;

export const uploadedFileSchema = z
  .object({
    id,
    /** The address that shows the file: FILES_SHOW_PATH + id. */
    url: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    width: z.number().int(),
    height: z.number().int(),
    placeholder,
    ready,
    thumbReady: thumbReadySchema,
    /** photo or video: what the bytes are (a Live Photo is paired when added to an album). */
    kind: z.enum(['photo', 'video']),
    /** A video's length; null for a picture. */
    durationMs: z.number().int().min(0).nullable(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
