import { API_ERROR_STATUS, type ApiErrorCode } from '@photo/contract';

/** The one error type of the API: a stable code, its status, and a message for people. */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly statusCode: number;
  readonly field: string | undefined;
  /** For 429 and 503: seconds until trying again is worth it (the Retry-After header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ApiErrorCode,
    message: string,
    options: { field?: string; cause?: unknown; retryAfterSeconds?: number } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = API_ERROR_STATUS[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (code: Extract<ApiErrorCode, `${string}NOT_FOUND`>, what: string) =>
  new AppError(code, `${what} was not found.`);

export const notOwner = (what: string) =>
  new AppError('NOT_OWNER', `Only the owner of this ${what} may change it.`);

export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field} ${message}`, { field });
