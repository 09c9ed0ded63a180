import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import helmet from 'helmet';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { compressText } from './http/compressed-text.js';
import { answerSerializerCompiler } from './http/answer-serializer.js';
import { createAppLogger } from './infra/logger.js';
import { registerAuth } from './plugins/auth.js';
import { createDisabledAccounts } from './plugins/disabled-accounts.js';
import { accountsSeen } from './modules/admin/admin.seen.js';
import { listDisabledIds } from './modules/admin/admin.repository.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import {
  apiErrorHandler,
  registerApiErrorHandling,
  sendApiError,
} from './plugins/error-handler.js';
import { RequestLogController } from './plugins/request-log.js';
import { registerOversizedBodyDrain } from './plugins/body-limit.js';
import { registerTextInputCheck } from './plugins/text-input.js';
import { registerXsrf } from './plugins/xsrf.js';
import { activityEventsPlugin } from './modules/activity/activity-events.plugin.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { albumsRoutes } from './modules/albums/albums.routes.js';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.js';
import { commentEventsPlugin } from './modules/comments/comment-events.plugin.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { digestsPlugin } from './modules/digests/digests.plugin.js';
import { digestsRoutes } from './modules/digests/digests.routes.js';
import { downloadsRoutes } from './modules/downloads/downloads.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { captureFactsPlugin } from './modules/files/capture-facts.plugin.js';
import { imageJobsPlugin } from './modules/files/image-jobs.plugin.js';
import { placeNamesPlugin } from './modules/files/place-names.plugin.js';
import { sweeperPlugin } from './modules/files/sweeper.plugin.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { identityRoutes } from './modules/identity/identity.routes.js';
import {
  linkPreviewRoutes,
  registerSharedLinkPage,
} from './modules/link-previews/link-previews.routes.js';
import { likesRoutes } from './modules/likes/likes.routes.js';
import { marksRoutes } from './modules/marks/marks.routes.js';
import { faceJobsPlugin } from './modules/people/face-jobs.plugin.js';
import { peopleRoutes } from './modules/people/people.routes.js';
import { createPageRenderer } from './modules/pages/pages.service.js';
import { photosRoutes } from './modules/photos/photos.routes.js';
import { sharingRoutes } from './modules/sharing/sharing.routes.js';
import { timelineRoutes } from './modules/timeline/timeline.routes.js';
import { placesRoutes } from './modules/places/places.routes.js';
import { memoriesRoutes } from './modules/memories/memories.routes.js';
import { albumBin, photoBin } from './modules/trash/trash.bin.js';
import { trashPurgePlugin } from './modules/trash/trash-purge.plugin.js';
import { trashRoutes } from './modules/trash/trash.routes.js';
import { lockedRoutes } from './modules/locked/locked.routes.js';
import { claimInvitations } from './modules/sharing/sharing.service.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { preferencesRoutes } from './modules/users/users.preferences.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { ensureUserRecord } from './modules/users/users.service.js';

export interface BuildAppOptions {
  /** false: no logging (tests). A stream: where log lines go instead of stdout. */
  logger?: false | { stream: NodeJS.WritableStream };
  /** Validate every answer against its contract too (tests): see answerSerializerCompiler. */
  checkAnswers?: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the built web app is: WEB_DIST_DIR, or apps/web/dist beside this package. */
function findWebDist(configured: string | undefined): string | undefined {
  const candidates = configured
    ? [configured]
    : [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html')));
}

/** The headers a connect-style middleware sets on a response, taken by running it once. */
function headersSetBy(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error instanceof Error ? error : new Error('The middleware failed.');
  });
  return headers;
}

type App = ReturnType<typeof createFastify>;

/** Builds the whole application: identity service, API, and the web app. Boot order is explicit here. */
export async function buildApp(
  deps: AppDeps,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = createFastify(deps, options);
  await registerExternalPlugins(app, deps.config);
  // App plugins.
  app.setErrorHandler(apiErrorHandler);
  registerOversizedBodyDrain(app);
  registerXsrf(app, { secure: (deps.config.publicUrl ?? '').startsWith('https://') });
  registerTextInputCheck(app);
  await registerBackgroundWork(app, deps);
  // A worker serves its health and nothing else.
  if (deps.config.role === 'worker') {
    await serveWorkerHealth(app, deps);
    return app;
  }
  await registerRoutes(app, deps);
  // Background work of the instances that serve (ROLE all or api).
  await app.register(commentEventsPlugin, { deps });
  await app.register(activityEventsPlugin, { deps });
  await app.register(sweeperPlugin, { deps });

  await serveWebApp(app, deps);
  return app;
}

/** The Fastify instance with its logger, request ids, limits and (de)serializers. */
function createFastify(deps: AppDeps, options: BuildAppOptions) {
  const { config } = deps;
  const appLogger =
    options.logger === false
      ? undefined
      : createAppLogger({
          level: config.logLevel,
          bufferBytes: config.logBufferBytes,
          ...(options.logger ? { stream: options.logger.stream } : {}),
        });
  // Typed as Fastify's logger, so the instance keeps the type the modules are written against.
  const loggerInstance: FastifyBaseLogger | undefined = appLogger?.logger;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : {}),
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    answerSerializerCompiler({ checkAnswers: options.checkAnswers ?? false }),
  );
  if (appLogger) app.addHook('onClose', async () => appLogger.close());
  return app;
}

/** Security headers, compression, cookies, forms and the OpenAPI document with its pages. */
async function registerExternalPlugins(app: App, config: AppDeps['config']): Promise<void> {
  // The web app calls the identity endpoints it is given (client-config): their origins too.
  const identityOrigins = [config.identityClient.baseUrl, config.identityClient.tokenUrl]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  // Security headers, built once (the Fastify wrapper rebuilds them on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The map's tile server (MAP_TILE_URL), exactly that origin.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(config.mapTileUrl ? [new URL(config.mapTileUrl.replace(/[{}]/g, '')).origin] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", ...new Set(identityOrigins)],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  // They do not depend on the request: taken once from helmet, then set on every answer.
  const securityHeaderValues = headersSetBy(securityHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaderValues);
    done();
  });
  // JSON and other text answers over 1 KB leave brotli (quality 4) or gzip compressed; images are
  // compressed already and pass as they are. Registered before @fastify/static, whose built files
  // are compressed at build time (preCompressed below) and never on a request.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Request bodies are never accepted compressed.
    globalDecompression: false,
  });
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'My Photo Application API',
        version: '1.0.0',
        description:
          'Every call but files/show, health and client-config needs the idToken header: an ID token from the identity service. ' +
          'On every route, a JSON body over 1 MB (a form over 64 KB) is 413, headers over 16 KB are 431 with Connection: close, ' +
          'and text holding a NUL character is 400.',
      },
      components: {
        securitySchemes: { idToken: { type: 'apiKey', in: 'header', name: 'idToken' } },
      },
      security: [{ idToken: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * Background work: each piece is a plugin that starts it and stops it with the app. Image jobs
 * are taken by every instance but those that only serve (ROLE=api).
 */
async function registerBackgroundWork(app: App, deps: AppDeps): Promise<void> {
  if (deps.config.role !== 'api') {
    await app.register(imageJobsPlugin, { deps });
    await app.register(captureFactsPlugin, { deps });
    await app.register(placeNamesPlugin, { deps });
    await app.register(digestsPlugin, { deps });
    await app.register(trashPurgePlugin, { deps });
    await app.register(faceJobsPlugin, { deps });
  }
}

/** What a worker (ROLE=worker) answers: its health, and 404 for the rest of the API. */
async function serveWorkerHealth(app: App, deps: AppDeps): Promise<void> {
  await app.register(
    async (api) => {
      registerApiErrorHandling(api);
      await api.register(healthRoutes, { deps });
    },
    { prefix: '/api' },
  );
  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, 404, 'NOT_FOUND', 'This instance (ROLE=worker) serves no API.'),
  );
}

/** The identity service's routes (when it is embedded), then the API under /api. */
async function registerRoutes(app: App, deps: AppDeps): Promise<void> {
  if (deps.signingKeys) {
    await app.register(identityRoutes, { deps });
  }
  await app.register(
    async (api) => {
      const disabledAccounts = createDisabledAccounts({
        load: () => listDisabledIds(deps.db),
        refreshSeconds: deps.config.admin.disabledCheckSeconds,
      });
      const seen = accountsSeen(deps);
      const auth = registerAuth(api, {
        verifyToken: deps.verifyToken,
        ensureUser: async (user) => {
          await ensureUserRecord(deps, user);
          await claimInvitations(deps, user);
        },
        checkAccount: async (uid) => {
          await disabledAccounts.check(uid);
          seen(uid);
        },
      });
      registerApiErrorHandling(api);
      await api.register(healthRoutes, { deps });
      await api.register(clientConfigRoutes, { deps });
      await api.register(usersRoutes, { deps, onAccountDeleted: auth.forget });
      await api.register(preferencesRoutes, { deps });
      // With Trash on, deleting moves photos and albums to the deleter's Trash (decision 0080).
      const trashOn = deps.config.trashDays > 0;
      await api.register(albumsRoutes, { deps, bin: trashOn ? albumBin(deps) : undefined });
      await api.register(photosRoutes, { deps, bin: trashOn ? photoBin(deps) : undefined });
      await api.register(commentsRoutes, { deps });
      await api.register(likesRoutes, { deps });
      await api.register(sharingRoutes, { deps });
      await api.register(timelineRoutes, { deps });
      await api.register(placesRoutes, { deps });
      await api.register(memoriesRoutes, { deps });
      await api.register(marksRoutes, { deps });
      await api.register(filesRoutes, { deps });
      await api.register(uploadsRoutes, { deps });
      await api.register(downloadsRoutes, { deps });
      await api.register(digestsRoutes, { deps });
      await api.register(linkPreviewRoutes, { deps });
      await api.register(adminRoutes, {
        deps,
        watch: {
          changed: (uid, disabled) => disabledAccounts.changed(uid, disabled),
          forget: auth.forget,
        },
      });
      await api.register(activityRoutes, { deps });
      await api.register(trashRoutes, { deps });
      await api.register(lockedRoutes, { deps });
      await api.register(peopleRoutes, { deps });
    },
    { prefix: '/api' },
  );
}

/** The built web app: its files, a share link's page with its preview tags, and client routes. */
async function serveWebApp(app: App, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const webDist = findWebDist(config.webDistDir);
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      cacheControl: false,
      // index.html.br, assets/*.js.gz… written by the web build; sent when the browser accepts them.
      preCompressed: true,
      // The server's own entry and its list of the pages' files are not the browser's.
      allowedPath: (pathName) =>
        !pathName.startsWith('/server/') && !pathName.startsWith('/server-pages.json'),
      setHeaders: (res, filePath) => {
        res.setHeader('Vary', 'Accept-Encoding');
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const indexHtml = webDist ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : '';
  // Pages drawn on the server for a session cookie's viewer, or a share link's guest (0100).
  const renderer = webDist ? await createPageRenderer(app, deps, webDist) : null;
  const draw = async (request: FastifyRequest, html: string): Promise<string | null> => {
    try {
      return (await renderer?.page(request, html)) ?? null;
    } catch (error) {
      // The browser draws the page then, as it does without a cookie.
      request.log.error({ err: error }, 'the page could not be drawn on the server');
      return null;
    }
  };
  if (webDist) {
    // A share link's page carries the link's preview tags (Open Graph) for chat apps.
    registerSharedLinkPage(app, deps, indexHtml, renderer ? draw : undefined);
  }
  app.setNotFoundHandler(async (request, reply) => {
    // Client-side routes: any other GET for a page gets the app, which shows its own "Page not found".
    const pathname = request.url.split('?')[0] ?? '';
    const isPage = !pathname.startsWith('/identity/') && !/\.[A-Za-z0-9]+$/.test(pathname);
    if (webDist && request.method === 'GET' && isPage) {
      const drawn = renderer ? await draw(request, indexHtml) : null;
      if (drawn) {
        // Drawn for one viewer: no cache keeps it. Compressed here: @fastify/compress hooks into
        // routes, and this handler is none.
        const { body, encoding } = await compressText(drawn, request.headers['accept-encoding']);
        if (encoding) void reply.header('Content-Encoding', encoding);
        return reply
          .header('Content-Type', 'text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header('Vary', 'Accept-Encoding')
          .send(body);
      }
      return reply
        .header('Cache-Control', 'no-cache')
        .sendFile('index.html', { cacheControl: false });
    }
    return sendApiError(
      reply,
      404,
      'NOT_FOUND',
      `Nothing at ${request.method} ${request.url.split('?')[0]}`,
    );
  });
}
