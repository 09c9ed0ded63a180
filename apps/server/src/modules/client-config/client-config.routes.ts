import {
  ACCEPTED_IMAGE_TYPES,
  CLIENT_CONFIG_PATH,
  MAX_IMAGE_PIXELS,
  clientConfigSchema,
  type ClientConfig,
} from '@photo/contract';
import type { Config } from '../../config.js';
import type { RoutesPlugin } from '../routes-plugin.js';

/** The settings clients learn at run time, from this server's configuration. */
export function clientConfig(
  config: Pick<Config, 'maxUploadBytes'>,
  mail: { configured: boolean },
): ClientConfig {
  return {
    upload: {
      maxBytes: config.maxUploadBytes,
      acceptedTypes: [...ACCEPTED_IMAGE_TYPES],
      maxPixels: MAX_IMAGE_PIXELS,
    },
    mail: { configured: mail.configured },
  };
}

export const clientConfigRoutes: RoutesPlugin = async (app, { deps }) => {
  const answer = clientConfig(deps.config, deps.mailer);
  app.get(
    CLIENT_CONFIG_PATH.replace(/^\/api/, ''),
    {
      config: { auth: false },
      schema: {
        tags: ['client-config'],
        summary: "The server's settings a client needs: upload limits, whether e-mail is sent",
        description:
          'Public (no idToken). One key per concern; clients ignore keys they do not know.',
        security: [],
        response: { 200: clientConfigSchema },
      },
    },
    async (_request, reply) => {
      // Settings change only with a restart; a reload of the app asks again.
      void reply.header('Cache-Control', 'no-cache');
      return answer;
    },
  );
};
