import type { ApiErrorBody, ApiErrorCode } from '@photo/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';

export function sendApiError(
  reply: FastifyReply,
  status: number,
  code: ApiErrorCode,
  message: string,
  field?: string,
) {
  const body: ApiErrorBody = { error: { code, message, requestId: String(reply.request.id) } };
  if (field) body.error.field = field;
  return reply.status(status).send(body);
}

/** Fastify's own errors that are the client's fault, mapped to our codes. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: ApiErrorCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_FIELDS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'VALIDATION_FAILED' },
};

/** Names people read for fields whose words alone would not say it well. */
const FIELD_LABELS: Record<string, string> = {
  emailAddress: 'E-mail address',
  confirmEmail: 'E-mail address confirmation',
  profilePicUrl: 'Profile picture URL',
  coverPhotoUrl: 'Cover photo URL',
  photoId: 'Photo',
  fileId: 'File',
  albumId: 'Album',
  id: 'ID',
};

/**
 * A field of the request named in words ("emailAddress" → "E-mail address"): the message is read
 * by people, while the error's `field` keeps the request path for clients.
 */
function fieldLabel(path: string): string {
  const name = path.split('.').findLast((part) => !/^\d+$/.test(part));
  if (!name) return 'The request';
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Turns every error into the one JSON error body; unknown errors become a masked 500. */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
    if (error.retryAfterSeconds !== undefined) {
      void reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    }
    return sendApiError(reply, error.statusCode, error.code, error.message, error.field);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = error.validationContext ?? 'request';
    const path = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') ?? '';
    const field = path ? `${where}.${path}` : where;
    return sendApiError(
      reply,
      400,
      'VALIDATION_FAILED',
      `${fieldLabel(path)}: ${first?.message ?? 'is invalid'}`,
      field,
    );
  }
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return sendApiError(reply, known.status, known.code, error.message);
  if (error.statusCode === 429) {
    return sendApiError(reply, 429, 'RATE_LIMITED', 'Too many requests; try again later.');
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendApiError(reply, error.statusCode, 'VALIDATION_FAILED', error.message);
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendApiError(reply, 500, 'INTERNAL', 'Something went wrong on our side. Try again later.');
}

export function registerApiErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(apiErrorHandler);
  app.setNotFoundHandler((request, reply) =>
    sendApiError(
      reply,
      404,
      'NOT_FOUND',
      `No such API route: ${request.method} ${request.url.split('?')[0]}`,
    ),
  );
}
