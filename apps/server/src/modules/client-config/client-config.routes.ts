import {
  IDENTITY_BASE_PATH,
  ACCEPTED_IMAGE_TYPES,
  ACCEPTED_VIDEO_TYPES,
  MAX_VIDEO_SECONDS,
  RESUMABLE_UPLOADS_PATH,
  RESUMABLE_CHUNK_BYTES,
  CLIENT_CONFIG_PATH,
  MAX_IMAGE_PIXELS,
  clientConfigSchema,
  type ClientConfig,
} from '@photo/contract';
import type { Config } from '../../config.js';
import type { RoutesPlugin } from '../routes-plugin.js';

/**
 * Files a client sends at once: two for each image job run at once (one being sent or checked
 * while the other is added), from 2 to 6 (a browser opens at most six connections to a server).
 */
export const parallelUploads = (jobConcurrency: number) =>
  Math.min(6, Math.max(2, 2 * jobConcurrency));

/** The settings clients learn at run time, from this server's configuration. */
export function clientConfig(
  config: Pick<
    Config,
    | 'maxUploadBytes'
    | 'maxVideoBytes'
    | 'identityClient'
    | 'identityEnabled'
    | 'sso'
    | 'trashDays'
    | 'jobConcurrency'
    | 'mapTileUrl'
  >,
  mail: { configured: boolean },
): ClientConfig {
  const baseUrl = config.identityClient.baseUrl ?? IDENTITY_BASE_PATH;
  return {
    identity: {
      baseUrl,
      tokenUrl: config.identityClient.tokenUrl ?? `${baseUrl}/token`,
      ...(config.identityClient.apiKey ? { apiKey: config.identityClient.apiKey } : {}),
      embedded: config.identityEnabled,
    },
    upload: {
      maxBytes: config.maxUploadBytes,
      acceptedTypes: [...ACCEPTED_IMAGE_TYPES, ...ACCEPTED_VIDEO_TYPES],
      maxPixels: MAX_IMAGE_PIXELS,
      maxVideoBytes: config.maxVideoBytes,
      maxVideoSeconds: MAX_VIDEO_SECONDS,
      parallelUploads: parallelUploads(config.jobConcurrency),
      resumable: {
        endpoint: RESUMABLE_UPLOADS_PATH,
        versions: ['1.0.0'],
        chunkBytes: RESUMABLE_CHUNK_BYTES,
      },
    },
    mail: { configured: mail.configured },
    sso: config.sso ? { offered: true, label: config.sso.buttonLabel } : { offered: false },
    trash: { days: config.trashDays },
    ...(config.mapTileUrl ? { map: { tileUrl: config.mapTileUrl } } : {}),
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
        summary:
          "The server's settings a client needs: upload limits, identity endpoints, whether e-mail is sent",
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
