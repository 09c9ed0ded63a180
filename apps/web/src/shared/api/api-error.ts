import type { ApiErrorCode } from '@photo/contract';
import { currentLocale, hasMessage, t } from '../../i18n/i18n';
import type { MessageId } from '../../i18n/message-ids';

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

export const networkError = () => new ApiError(0, 'NETWORK_ERROR', t('errors.network'));
export const sessionEndedError = () => new ApiError(401, 'SESSION_ENDED', t('errors.sessionEnded'));

/** A successful answer's JSON body, or BAD_RESPONSE when it is not JSON. */
export function parseJsonBody<T>(status: number, body: string): T {
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new ApiError(status, 'BAD_RESPONSE', t('errors.badResponse'));
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
  return new ApiError(status, `HTTP_${status}`, t('errors.httpStatus', { status: described }));
}

/**
 * The server's error codes said in every language: `errors.code.<CODE>` in the catalogs (the
 * codes of one kind share one text: every *_NOT_FOUND without its own says NOT_FOUND's, every
 * TOKEN_* says that the session ended). In English the server's own message is shown (it may be
 * more precise); in another language, this text when the code has one.
 */
function translatedCode(code: string): string | null {
  const own = `errors.code.${code}` as MessageId;
  if (hasMessage(own)) return t(own);
  if (code.startsWith('TOKEN_')) return t('errors.sessionEnded');
  if (code.endsWith('_NOT_FOUND')) return t('errors.code.NOT_FOUND');
  return null;
}

/** A sentence for people, whatever was thrown, in the app's language. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && currentLocale() !== 'en') {
    const translated = translatedCode(error.code);
    if (translated) return translated;
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unknown');
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
  if (seconds < 60) return t('errors.waitSeconds', { count: seconds });
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return t('errors.waitMinutes', { count: minutes });
  return t('errors.waitHours', { count: Math.ceil(minutes / 60) });
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
    return t('errors.tryAgainIn', { message, wait: waitText(error.retryAfter) });
  }
  return message;
}
