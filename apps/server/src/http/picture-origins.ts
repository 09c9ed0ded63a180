import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The request's own origin, as the client addressed it. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The origins on which a picture URL may be absolute: the request's own, and PUBLIC_URL. */
export function pictureOrigins(request: FastifyRequest, config: Config): string[] {
  const origins = [requestOrigin(request)];
  if (config.publicUrl) origins.push(config.publicUrl);
  return origins;
}
