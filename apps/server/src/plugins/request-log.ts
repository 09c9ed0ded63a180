import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { isInnerRequest } from '../http/inner-request.js';
import { pathOf } from '../infra/logger.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The path carries a capability (an unguessable file id): the log shows the route instead. */
    secretPath?: boolean;
  }
}

/** What the log says of a request: never its query string, headers or body. */
function requestFields(request: FastifyRequest, reply: FastifyReply) {
  const route = request.routeOptions;
  return {
    method: request.method,
    path: route.config?.secretPath && route.url ? route.url : pathOf(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
}

/**
 * Fastify's request logging, as one line per request when it has been answered: request id,
 * method, path, status and time in milliseconds (Fastify writes two, with the full URL). Errors
 * of our own routes are logged by their error handlers; what reaches Fastify's is logged at error
 * level only when it is the server's fault.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (error) request.log.error({ ...requestFields(request, reply), err: error }, 'request');
    // The server's own requests that draw a page are part of the page's line.
    else if (!isInnerRequest(request)) request.log.info(requestFields(request, reply), 'request');
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if (reply.statusCode >= 500) request.log.error({ err: error }, error.message);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest) {
    // A client that went away mid-download is no news.
    if (error.code !== 'ERR_STREAM_PREMATURE_CLOSE') {
      request.log.warn({ err: error }, 'response ended with an error after its headers');
    }
  }

  override routeNotFound() {}
}
