import { z } from 'zod';

/** The languages the apps speak; the server writes a person's e-mails in the one they use. */
export const USER_LOCALES = ['en', 'de', 'fr', 'es'] as const;
export const userLocaleSchema = z.enum(USER_LOCALES).meta({ id: 'UserLocale' });
export type UserLocale = z.infer<typeof userLocaleSchema>;

/** GET / PATCH users/me/preferences. locale null: never told (e-mails are in English). */
export const preferencesSchema = z
  .object({ locale: userLocaleSchema.nullable() })
  .meta({ id: 'Preferences' });
export type Preferences = z.infer<typeof preferencesSchema>;

/** PATCH users/me/preferences: what to change. */
export const updatePreferencesRequestSchema = z
  .object({ locale: userLocaleSchema })
  .meta({ id: 'UpdatePreferencesRequest' });
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;
