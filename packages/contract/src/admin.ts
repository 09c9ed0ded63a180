import { z } from 'zod';

const isoDate = z.string().meta({ description: 'ISO-8601 date-time, UTC', format: 'date-time' });

/** An account on this server, as its administrator sees it. */
export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    emailAddress: z.string(),
    /** Whether the address is confirmed (by its link, a password link, or the administrator). */
    emailVerified: z.boolean(),
    /** Whether this account is an administrator (the first account, or one of ADMIN_EMAILS). */
    isAdmin: z.boolean(),
    dateCreated: isoDate,
    /**
     * The last sign-in (embedded identity service); with a hosted provider, when the app last saw
     * the person. Null: not known.
     */
    lastSignIn: isoDate.nullable(),
    /** Disabled by an administrator: cannot sign in, and their ID tokens stop working. */
    disabled: z.boolean(),
    /** Bytes their files take in the store: originals and every derived size. */
    storageUsed: z.number().int(),
    /** The most bytes they may store; null: unlimited. */
    quotaBytes: z.number().int().nullable(),
    /** How many photos they added (to any album). */
    photoCount: z.number().int(),
    /**
     * Of storageUsed, the bytes of their files that only Trash still uses (decision 0080): they
     * count until they are purged or restored.
     */
    trashBytes: z.number().int(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/**
 * A one-time link that lets its holder choose a new password: e-mailed to the account when the
 * server sends e-mail (SMTP_URL), else answered to be passed on by hand.
 */
export const passwordLinkSchema = z
  .object({
    /** Absent when it was e-mailed. */
    link: z.string().optional(),
    /** Whether it went to the account's address by e-mail. */
    emailSent: z.boolean(),
    /** The address of the account whose password the link sets. */
    emailAddress: z.string(),
    /** After this moment the link no longer works. */
    expiresAt: isoDate,
  })
  .meta({ id: 'PasswordLink' });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

/** PUT admin/users/{userId}/quota: bytes (a whole number, 0 or more), or null for unlimited. */
export const setQuotaRequestSchema = z
  .object({ quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable() })
  .meta({ id: 'SetQuotaRequest' });
export type SetQuotaRequest = z.infer<typeof setQuotaRequestSchema>;

/** DELETE admin/users/{userId}: the account's e-mail address, typed again. */
export const adminDeleteUserRequestSchema = z
  .object({ confirmEmail: z.string().max(320) })
  .meta({ id: 'AdminDeleteUserRequest' });

/** The server's figures, for its administrators. */
export const serverStatsSchema = z
  .object({
    users: z.number().int(),
    photos: z.number().int(),
    files: z.number().int(),
    /** Bytes of every file in the store: originals and every derived size. */
    storedBytes: z.number().int(),
    /** Of storedBytes, those of files that only Trash still uses (decision 0080). */
    trashBytes: z.number().int(),
    /** Background jobs (derived sizes, video renditions) over every queue. */
    jobs: z.object({
      waiting: z.number().int(),
      active: z.number().int(),
      failed: z.number().int(),
    }),
  })
  .meta({ id: 'ServerStats' });
export type ServerStats = z.infer<typeof serverStatsSchema>;

/** POST admin/jobs/retry: how many failed jobs were queued again. */
export const retriedJobsSchema = z
  .object({ retried: z.number().int() })
  .meta({ id: 'RetriedJobs' });
export type RetriedJobs = z.infer<typeof retriedJobsSchema>;
