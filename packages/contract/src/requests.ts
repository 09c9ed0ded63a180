import { z } from 'zod';
import {
  ALBUM_NAME_MAX,
  COMMENT_MAX,
  COMMENT_PAGE_MAX,
  EMAIL_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  USER_NAME_MAX,
} from './limits.js';

/** Trimmed text of min..max characters. */
export const trimmedText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, { message: min === 1 ? 'must not be empty' : `must be at least ${min} characters` })
    .max(max, { message: `must be at most ${max} characters` });

/** Fields the server fills are accepted (the spec's client sends them empty) and ignored. */
const ignored = z.unknown().optional().meta({ description: 'Ignored: the server fills it.' });
/** What the server fills on anything created: the id, the creator and the date. */
const filledByServer = { id: ignored, createdBy: ignored, dateCreated: ignored };

export const newUserRequestSchema = z
  .object({
    id: ignored,
    /** Ignored: the e-mail address is taken from the token. */
    emailAddress: z.unknown().optional(),
    name: trimmedText(1, USER_NAME_MAX),
    /**
     * An image stored here (/api/files/show/{id}); anything else (the spec's public blank-avatar
     * URL, '', another site's address) means the default avatar. Never fetched, never stored.
     * Absent: the picture stays as it is.
     */
    profilePicUrl: z.string().nullish().meta({
      description:
        "The address of an image stored here; anything else (another site's URL, empty) means the default avatar. Absent: unchanged.",
    }),
  })
  .meta({ id: 'NewUserRequest' });
export type NewUserRequest = z.input<typeof newUserRequestSchema>;

export const profilePhotoRequestSchema = z
  .object({ profilePicUrl: z.string().min(1).max(2048) })
  .meta({ id: 'ProfilePhotoRequest' });
export type ProfilePhotoRequest = z.infer<typeof profilePhotoRequestSchema>;

export const createAlbumRequestSchema = z
  .object({
    ...filledByServer,
    name: trimmedText(1, ALBUM_NAME_MAX),
    coverPhotoUrl: z.string().min(1).max(2048),
  })
  .meta({ id: 'CreateAlbumRequest' });
export type CreateAlbumRequest = z.input<typeof createAlbumRequestSchema>;

/** POST albums: an album with a name and no photo yet (decision 0087). */
export const createEmptyAlbumRequestSchema = z
  .object({ name: trimmedText(1, ALBUM_NAME_MAX) })
  .meta({ id: 'CreateEmptyAlbumRequest' });
export type CreateEmptyAlbumRequest = z.input<typeof createEmptyAlbumRequestSchema>;

/** PUT albums: the album, with coverPhotoUrl and/or name changed. */
export const updateAlbumRequestSchema = z
  .object({
    id: z.string().min(1),
    name: trimmedText(1, ALBUM_NAME_MAX).optional(),
    coverPhotoUrl: z.string().min(1).max(2048).optional(),
    /** Whether the people it is shared with see where the owner's photos were taken. */
    showPlaces: z.boolean().optional(),
    createdBy: ignored,
    createdById: ignored,
    dateCreated: ignored,
  })
  .meta({ id: 'UpdateAlbumRequest' });
export type UpdateAlbumRequest = z.input<typeof updateAlbumRequestSchema>;

export const createCommentRequestSchema = z
  .object({
    ...filledByServer,
    photoId: z.string().min(1).max(200),
    message: trimmedText(1, COMMENT_MAX),
  })
  .meta({ id: 'CreateCommentRequest' });
export type CreateCommentRequest = z.input<typeof createCommentRequestSchema>;

export const addPhotoRequestSchema = z
  .object({ fileId: z.string().min(1).max(200) })
  .meta({ id: 'AddPhotoRequest' });
export type AddPhotoRequest = z.infer<typeof addPhotoRequestSchema>;

/** The query of a paged list: at most `limit` items, from where `cursor` points. */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Opaque cursor from the previous page's Link header. */
  cursor: z.string().max(500).optional(),
});

export const albumListQuerySchema = pageQuerySchema.extend({
  /** "true": only the caller's own albums (My Albums). */
  mine: z.enum(['true', 'false']).optional(),
  /** "true": only albums shared with the caller as a member (Shared with me). */
  shared: z.enum(['true', 'false']).optional(),
});
export type AlbumListQuery = z.infer<typeof albumListQuerySchema>;

export const commentListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(COMMENT_PAGE_MAX).default(COMMENT_PAGE_MAX),
  /** Opaque cursor from the previous page's Link header: the next page holds older comments. */
  cursor: z.string().max(500).optional(),
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;
/** PATCH users/me: what a user may change of their profile here (the picture has its own call). */
export const updateProfileRequestSchema = z
  .object({ name: trimmedText(1, USER_NAME_MAX) })
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

/** DELETE users/me: the account's e-mail address typed again, as the confirmation. */
export const deleteAccountRequestSchema = z
  .object({ confirmEmail: z.string().min(1).max(EMAIL_MAX) })
  .meta({ id: 'DeleteAccountRequest' });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequestSchema>;

/** PUT photos/{id}/rotation: a quarter turn, left (anticlockwise) or right (clockwise). */
export const rotatePhotoRequestSchema = z
  .object({ direction: z.enum(['left', 'right']) })
  .meta({ id: 'RotatePhotoRequest' });
export type RotatePhotoRequest = z.infer<typeof rotatePhotoRequestSchema>;
