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
    /** Whether this account is the server's administrator. */
    isAdmin: z.boolean(),
    dateCreated: isoDate,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A one-time link that lets its holder choose a new password, to be passed on by hand. */
export const passwordLinkSchema = z
  .object({
    link: z.string(),
    /** The address of the account whose password the link sets. */
    emailAddress: z.string(),
    /** After this moment the link no longer works. */
    expiresAt: isoDate,
  })
  .meta({ id: 'PasswordLink' });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;
