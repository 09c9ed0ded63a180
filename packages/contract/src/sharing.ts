import { z } from 'zod';
import { EMAIL_MAX } from './limits.js';
import { albumSchema, photoSchema } from './entities.js';

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

export const shareLinkSchema = z
  .object({
    /** 128 random bits, base64url. */
    token: z.string(),
    /** Where the link opens in the web app: SHARED_LINK_PATH + token (absolute with PUBLIC_URL). */
    url: z.string(),
    dateCreated: isoDate,
    /** Whether the link offers the album's originals as one zip (the owner's choice; absent: no). */
    allowDownload: z.boolean().optional(),
  })
  .meta({ id: 'ShareLink' });

/** PUT albumsDb/{albumId}/link: what the album's link offers besides viewing. */
export const shareLinkSettingsRequestSchema = z
  .object({ allowDownload: z.boolean() })
  .meta({ id: 'ShareLinkSettingsRequest' });
export type ShareLinkSettingsRequest = z.infer<typeof shareLinkSettingsRequestSchema>;
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** Everything the owner's Share dialog shows. */
export const albumSharingSchema = z
  .object({
    albumId: z.string(),
    visibility: albumVisibilitySchema,
    members: z.array(albumMemberSchema),
    invitations: z.array(albumInvitationSchema),
    link: shareLinkSchema.nullable(),
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

export const sharedPhotosSchema = z.array(photoSchema);
