import { z } from 'zod';

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });

/**
 * What an entry of a person's activity feed tells them:
 * - invitation: they were made a member of an album (or invited to it);
 * - photosAdded: someone added photos to an album shared with them (one entry per person, album
 *   and burst of adding; count says how many);
 * - comment / like: on a photo they added;
 * - guestUpload: a guest added photos to their album through a share link.
 */
export const ACTIVITY_KINDS = [
  'invitation',
  'photosAdded',
  'comment',
  'like',
  'guestUpload',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS).meta({ id: 'ActivityKind' });
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const activitySchema = z
  .object({
    id: z.string(),
    kind: activityKindSchema,
    /** Who did it: a user's name, or the name a guest gave. */
    actorName: z.string(),
    albumId: z.string(),
    albumName: z.string(),
    /** The photo it is about (comment, like; the first of photosAdded / guestUpload); null for an invitation. */
    photoId: z.string().nullable(),
    /** The photo's thumbnail, signed when the album needs it; null when there is no photo. */
    thumbnailUrl: z.string().nullable(),
    /** photosAdded / guestUpload: how many photos; 1 otherwise. */
    count: z.number().int().min(1),
    /** A comment's first characters; null otherwise. */
    excerpt: z.string().nullable(),
    dateCreated: isoDate,
    /** Whether it is newer than the person's last "mark all read". */
    unread: z.boolean(),
  })
  .meta({ id: 'Activity' });
export type Activity = z.infer<typeof activitySchema>;

/** The badge counts at most this many; more shows as "99+". */
export const ACTIVITY_UNREAD_MAX = 99;

/** GET activity/unread: how many unread entries, counted up to ACTIVITY_UNREAD_MAX + 1. */
export const activityUnreadSchema = z
  .object({
    count: z.number().int().min(0),
    /** True when there are more than ACTIVITY_UNREAD_MAX (count is then ACTIVITY_UNREAD_MAX + 1). */
    more: z.boolean(),
  })
  .meta({ id: 'ActivityUnread' });
export type ActivityUnread = z.infer<typeof activityUnreadSchema>;

/**
 * What the live stream GET activity/events sends (Server-Sent Events, event name "activity"):
 * a new entry for the signed-in person, with the unread count after it.
 */
export const activityEventSchema = z
  .object({ activity: activitySchema, unread: activityUnreadSchema })
  .meta({ id: 'ActivityEvent' });
export type ActivityEvent = z.infer<typeof activityEventSchema>;

/** How often a person gets an e-mail of their unread activity (when the server can send e-mail). */
export const DIGEST_FREQUENCIES = ['off', 'hourly', 'daily'] as const;
export const digestFrequencySchema = z.enum(DIGEST_FREQUENCIES).meta({ id: 'DigestFrequency' });
export type DigestFrequency = z.infer<typeof digestFrequencySchema>;

/** GET / PUT users/me/notifications. */
export const notificationSettingsSchema = z
  .object({
    digest: digestFrequencySchema,
    /** Whether the server can send e-mail at all (SMTP_URL is set); read-only. */
    mailConfigured: z.boolean().optional(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
