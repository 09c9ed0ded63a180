import { z } from 'zod';
import { ssoClientConfigSchema } from './sso.js';

/** What the server accepts as an upload; the web app checks a chosen file against it at once. */
export const uploadLimitsSchema = z
  .object({
    /** Largest file accepted, in bytes (the server's MAX_UPLOAD_BYTES). */
    maxBytes: z.number().int().positive(),
    /** Media types accepted, checked by content on the server. */
    acceptedTypes: z.array(z.string()),
    /** Largest image accepted, in pixels (width x height). */
    maxPixels: z.number().int().positive(),
    /** Largest video accepted, in bytes (the server's MAX_VIDEO_BYTES), through `resumable`. */
    maxVideoBytes: z.number().int().positive(),
    /** Longest video accepted, in seconds. */
    maxVideoSeconds: z.number().int().positive(),
    /**
     * How many files a client may send at once (each with its own request): more only wait in
     * the server. Absent from servers before it: a client then picks its own.
     */
    parallelUploads: z.number().int().min(1).max(16).optional(),
    /** The tus 1.0 endpoint every photo and video can be sent through, resuming after a drop. */
    resumable: z.object({
      /** RESUMABLE_UPLOADS_PATH. */
      endpoint: z.string(),
      /** tus versions the server speaks. */
      versions: z.array(z.string()),
      /** Largest chunk one PATCH may carry, in bytes. */
      chunkBytes: z.number().int().positive(),
    }),
  })
  .meta({ id: 'UploadLimits' });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/** Where a client signs people in: the Identity Toolkit protocol's endpoints. */
export const identityClientConfigSchema = z
  .object({
    /** Base of the accounts:* calls, e.g. /identity/v1 or https://identitytoolkit.googleapis.com/v1. */
    baseUrl: z.string(),
    /** The refresh (token) endpoint. */
    tokenUrl: z.string(),
    /** Sent as ?key= on every call (hosted providers need it); absent for the embedded service. */
    apiKey: z.string().optional(),
    /**
     * True when this server's own identity service holds the accounts: deleting a user here
     * deletes their sign-in account too. False: the client deletes it at the provider.
     */
    embedded: z.boolean(),
  })
  .meta({ id: 'IdentityClientConfig' });
export type IdentityClientConfig = z.infer<typeof identityClientConfigSchema>;

/**
 * The server's settings a client needs at run time, one key per concern. Clients ignore keys
 * they do not know, so keys may be added.
 */
export const clientConfigSchema = z
  .object({
    upload: uploadLimitsSchema,
    identity: identityClientConfigSchema,
    /** Whether the server sends e-mail (SMTP_URL is set): invitations are then mailed too. */
    mail: z.object({ configured: z.boolean() }).optional(),
    /** Single sign-on with an OpenID provider (OIDC_*): offered or not, and its button's label. */
    sso: ssoClientConfigSchema.optional(),
    /** Trash: how many days a deleted photo stays there (TRASH_DAYS); 0: deleting is final. */
    trash: z.object({ days: z.number().int().min(0) }),
    /**
     * The map: the OpenStreetMap-style tile server it draws a detailed map from (MAP_TILE_URL,
     * with {z}, {x} and {y}); absent: the map draws the country shapes it carries.
     */
    map: z.object({ tileUrl: z.string().optional() }).optional(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
