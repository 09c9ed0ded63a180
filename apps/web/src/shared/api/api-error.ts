import type { ApiErrorCode } from '@photo/contract';

/** Codes the client itself gives, beside the server's. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'SESSION_ENDED' | 'BAD_RESPONSE';

/** A failed API call: the server's error code and message, or one of the client's. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | ClientErrorCode | (string & {});
  readonly field: string | undefined;
  /** For 429: how many seconds the server asked to wait (its Retry-After header), when it said. */
  retryAfter: number | undefined;

  constructor(status: number, code: ApiError['code'], message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

export const networkError = () => new ApiError(0, 'NETWORK_ERROR', NETWORK_MESSAGE);
export const sessionEndedError = () => new ApiError(401, 'SESSION_ENDED', SESSION_ENDED_MESSAGE);

/** A successful answer's JSON body, or BAD_RESPONSE when it is not JSON. */
export function parseJsonBody<T>(status: number, body: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new ApiError(status, 'BAD_RESPONSE', 'The server sent an answer we could not read.');
  }
}

/** A cancelled request (AbortController): never an error to show. */
export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException
    ? error.name === 'AbortError'
    : error instanceof Error && error.name === 'AbortError';
}

/** The API's error body ({"error":{"code","message"}}) turned into an ApiError. */
export function apiErrorFromBody(status: number, statusText: string, body: string): ApiError {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed) {
      const { error } = parsed;
      if (error && typeof error === 'object') {
        const { code, message, field } = error as Record<string, unknown>;
        if (typeof message === 'string' && message) {
          return new ApiError(
            status,
            typeof code === 'string' ? code : `HTTP_${status}`,
            message,
            typeof field === 'string' ? field : undefined,
          );
        }
      }
    }
  } catch {
    // Not JSON (a proxy's error page, say): described by its status below.
  }
  const described = statusText ? `${status} ${statusText}` : String(status);
  return new ApiError(
    status,
    `HTTP_${status}`,
    `The server answered with an error (${described}).`,
  );
}

/** A sentence for people, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/** The error with the wait a Retry-After header (seconds, or an HTTP date) asks for. */
export function withRetryAfter(error: ApiError, header: string | null, now = Date.now()): ApiError {
  if (!header) return error;
  const seconds = /^\d+$/.test(header.trim())
    ? Number(header.trim())
    : Math.ceil((Date.parse(header) - now) / 1000);
  if (Number.isFinite(seconds) && seconds >= 0) error.retryAfter = seconds;
  return error;
}

/** "in 3 minutes", "in 20 seconds": a wait, for people. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** What went wrong, and for 429 when to try again (when the server said). */
export function errorMessageWithWait(error: unknown): string {
  const message = errorMessage(error);
  if (
    error instanceof ApiError &&
    error.status === 429 &&
    error.retryAfter !== undefined &&
    !/try again/i.test(message)
  ) {
    return `${message} Try again ${waitText(error.retryAfter)}.`;
  }
  return message;
}
