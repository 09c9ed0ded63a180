import { z } from 'zod';

/** Where clients read the server's settings that concern them (no token needed). */
export const CLIENT_CONFIG_PATH = '/api/client-config';

/** What the server accepts as an upload; the web app checks a chosen file against it at once. */
export const uploadLimitsSchema = z
  .object({
    /** Largest file accepted, in bytes (the server's MAX_UPLOAD_BYTES). */
    maxBytes: z.number().int().positive(),
    /** Media types accepted, checked by content on the server. */
    acceptedTypes: z.array(z.string()),
    /** Largest image accepted, in pixels (width x height). */
    maxPixels: z.number().int().positive(),
  })
  .meta({ id: 'UploadLimits' });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/**
 * The server's settings a client needs at run time, one key per concern. Clients ignore keys
 * they do not know, so keys may be added.
 */
export const clientConfigSchema = z
  .object({
    upload: uploadLimitsSchema,
    /** Whether the server sends e-mail (SMTP_URL is set): invitations are then mailed too. */
    mail: z.object({ configured: z.boolean() }).optional(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
