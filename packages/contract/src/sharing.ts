import { z } from 'zod';
import { EMAIL_MAX, LINK_LABEL_MAX, LINK_PASSWORD_MAX, LINK_PASSWORD_MIN } from './limits.js';
import { albumSchema } from './entities.js';

/** Who sees an album: everyone with an account (the default), invited people only, or the owner. */
export const ALBUM_VISIBILITIES = ['everyone', 'invited', 'owner'] as const;
export const albumVisibilitySchema = z.enum(ALBUM_VISIBILITIES).meta({ id: 'AlbumVisibility' });
export type AlbumVisibility = z.infer<typeof albumVisibilitySchema>;

/** viewer: sees the album and comments; contributor: also adds photos (and deletes their own). */
export const MEMBER_ROLES = ['viewer', 'contributor'] as const;
export const memberRoleSchema = z.enum(MEMBER_ROLES).meta({ id: 'MemberRole' });
export type MemberRole = z.infer<typeof memberRoleSchema>;

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });

export const albumMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    emailAddress: z.string(),
    role: memberRoleSchema,
    dateCreated: isoDate,
  })
  .meta({ id: 'AlbumMember' });
export type AlbumMember = z.infer<typeof albumMemberSchema>;

/** An invitation to an address no account has proven yet: it becomes a membership then. */
export const albumInvitationSchema = z
  .object({
    id: z.string(),
    emailAddress: z.string(),
    role: memberRoleSchema,
    dateCreated: isoDate,
  })
  .meta({ id: 'AlbumInvitation' });
export type AlbumInvitation = z.infer<typeof albumInvitationSchema>;

/**
 * What a share link lets whoever holds it do: view the album; view it and download originals (one
 * photo, or the album as a zip); or view it and add photos and videos to it without an account.
 */
export const LINK_PERMISSIONS = ['view', 'download', 'addPhotos'] as const;
export const linkPermissionSchema = z.enum(LINK_PERMISSIONS).meta({ id: 'LinkPermission' });
export type LinkPermission = z.infer<typeof linkPermissionSchema>;

/** What guests may add through one "addPhotos" link, in all (photos) and in bytes. */
export const guestLimitsSchema = z
  .object({
    maxPhotos: z.number().int().min(1).max(100_000),
    maxBytes: z.number().int().min(1),
  })
  .meta({ id: 'GuestLimits' });
export type GuestLimits = z.infer<typeof guestLimitsSchema>;

export const shareLinkSchema = z
  .object({
    /** Names the link in the owner's routes (albumsDb/{albumId}/links/{linkId}); not a secret. */
    id: z.string(),
    /** 128 random bits, base64url: the capability. */
    token: z.string(),
    /** Where the link opens in the web app: SHARED_LINK_PATH + token (absolute with PUBLIC_URL). */
    url: z.string(),
    /** The owner's name for it ("Family", "Wedding guests"); '' when none was given. */
    label: z.string(),
    permission: linkPermissionSchema,
    /** After this the link answers 404 LINK_NOT_FOUND, as a stopped one; null: never. */
    expiresAt: isoDate.nullable(),
    /** Whether a visitor must give the link's password first (the password itself is never shown). */
    hasPassword: z.boolean(),
    /** When someone last opened it; null: never. */
    lastOpenedAt: isoDate.nullable(),
    /** For addPhotos links: the limits, and how much guests have added through it so far. */
    guestLimits: guestLimitsSchema.nullable(),
    guestPhotoCount: z.number().int().min(0),
    guestBytes: z.number().int().min(0),
    dateCreated: isoDate,
    /** Same as permission !== 'view' (kept for earlier clients). */
    allowDownload: z.boolean().optional(),
  })
  .meta({ id: 'ShareLink' });
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** PUT albumsDb/{albumId}/link (earlier clients): what the album's newest link offers. */
export const shareLinkSettingsRequestSchema = z
  .object({ allowDownload: z.boolean() })
  .meta({ id: 'ShareLinkSettingsRequest' });
export type ShareLinkSettingsRequest = z.infer<typeof shareLinkSettingsRequestSchema>;

const linkPassword = z
  .string()
  .min(LINK_PASSWORD_MIN, { message: `must be at least ${LINK_PASSWORD_MIN} characters` })
  .max(LINK_PASSWORD_MAX, { message: `must be at most ${LINK_PASSWORD_MAX} characters` });

/** POST albumsDb/{albumId}/links: a new link. */
export const createShareLinkRequestSchema = z
  .object({
    label: z.string().trim().max(LINK_LABEL_MAX).default(''),
    permission: linkPermissionSchema.default('view'),
    /** In the future; null or absent: never expires. */
    expiresAt: isoDate.nullable().optional(),
    /** null or absent: no password. */
    password: linkPassword.nullable().optional(),
    /** For addPhotos links; absent: the server's defaults. */
    guestLimits: guestLimitsSchema.optional(),
  })
  .meta({ id: 'CreateShareLinkRequest' });
export type CreateShareLinkRequest = z.input<typeof createShareLinkRequestSchema>;

/** PATCH albumsDb/{albumId}/links/{linkId}: what changes; password null removes it. */
export const updateShareLinkRequestSchema = z
  .object({
    label: z.string().trim().max(LINK_LABEL_MAX).optional(),
    permission: linkPermissionSchema.optional(),
    expiresAt: isoDate.nullable().optional(),
    password: linkPassword.nullable().optional(),
    guestLimits: guestLimitsSchema.optional(),
  })
  .meta({ id: 'UpdateShareLinkRequest' });
export type UpdateShareLinkRequest = z.input<typeof updateShareLinkRequestSchema>;

/** POST shared/{token}/unlock: the password of a protected link. */
export const unlockLinkRequestSchema = z
  .object({ password: z.string().min(1).max(LINK_PASSWORD_MAX) })
  .meta({ id: 'UnlockLinkRequest' });
export type UnlockLinkRequest = z.infer<typeof unlockLinkRequestSchema>;

/**
 * The key a visitor who gave the right password sends with every later shared/{token} request, in
 * the LINK_KEY_HEADER header. It expires, and stops working when the password changes.
 */
export const unlockLinkResultSchema = z
  .object({ linkKey: z.string(), expiresAt: isoDate })
  .meta({ id: 'UnlockLinkResult' });
export type UnlockLinkResult = z.infer<typeof unlockLinkResultSchema>;

/** PATCH albumsDb/{albumId}/members/{userId}: a member's new role. */
export const changeMemberRoleRequestSchema = z
  .object({ role: memberRoleSchema })
  .meta({ id: 'ChangeMemberRoleRequest' });
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

/** Everything the owner's Share dialog shows. */
export const albumSharingSchema = z
  .object({
    albumId: z.string(),
    visibility: albumVisibilitySchema,
    members: z.array(albumMemberSchema),
    invitations: z.array(albumInvitationSchema),
    /** The newest link (earlier clients); links holds them all, newest first. */
    link: shareLinkSchema.nullable(),
    links: z.array(shareLinkSchema),
    /** Members and pending invitations together may not pass this. */
    membersMax: z.number().int(),
    /** Whether invitations are also sent by e-mail (SMTP_URL is set). */
    mailConfigured: z.boolean(),
  })
  .meta({ id: 'AlbumSharing' });
export type AlbumSharing = z.infer<typeof albumSharingSchema>;

export const setVisibilityRequestSchema = z
  .object({ visibility: albumVisibilitySchema })
  .meta({ id: 'SetVisibilityRequest' });
export type SetVisibilityRequest = z.infer<typeof setVisibilityRequestSchema>;

export const inviteRequestSchema = z
  .object({
    emailAddress: z
      .string()
      .trim()
      .max(EMAIL_MAX, { message: `must be at most ${EMAIL_MAX} characters` })
      .pipe(z.email({ message: 'must be an e-mail address' })),
    role: memberRoleSchema,
  })
  .meta({ id: 'InviteRequest' });
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/** What an invitation became: a membership at once (a verified account), or a pending one. */
export const inviteResultSchema = z
  .object({
    member: albumMemberSchema.nullable(),
    invitation: albumInvitationSchema.nullable(),
    /** Whether an e-mail was sent. */
    emailSent: z.boolean(),
  })
  .meta({ id: 'InviteResult' });
export type InviteResult = z.infer<typeof inviteResultSchema>;

/** What a share link shows to anyone who holds it. */
export const sharedAlbumSchema = z
  .object({
    album: albumSchema,
  })
  .meta({ id: 'SharedAlbum' });
export type SharedAlbum = z.infer<typeof sharedAlbumSchema>;
