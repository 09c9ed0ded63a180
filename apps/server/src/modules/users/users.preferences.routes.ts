import { preferencesSchema, updatePreferencesRequestSchema } from '@photo/contract';
import { currentUser } from '../../http/current-user.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import { getPreferences, updatePreferences } from './users.preferences.js';

export const preferencesRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/users/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary: "The caller's preferences",
        description:
          'locale: the language the server writes their e-mails in (en, de, fr, es); null until ' +
          'the web app tells it (e-mails are in English then).',
        response: { 200: preferencesSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => getPreferences(deps, currentUser(request).id),
  );

  app.patch(
    '/users/me/preferences',
    {
      schema: {
        tags: ['users'],
        summary: "Changes the caller's preferences",
        description:
          'locale: the language of their e-mails from now on (verification, password reset, ' +
          'album invitations, digests). The web app sends the language the person chose, or the ' +
          'one it shows when they sign in.',
        body: updatePreferencesRequestSchema,
        response: { 200: preferencesSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => updatePreferences(deps, currentUser(request).id, request.body),
  );
};
