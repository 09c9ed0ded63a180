import type { Socket } from 'node:net';
import type { ApiErrorBody, ApiErrorCode } from '@photo/contract';
import type { FastifyInstance } from 'fastify';

/** How long a refused connection may take to read our answer before it is cut. */
const LINGER_MS = 2000;

const ANSWERS: Record<
  string,
  { status: number; reason: string; code: ApiErrorCode; message: string }
> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    code: 'HEADERS_TOO_LARGE',
    message: 'The request headers are too large (at most 16 KB in all).',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    code: 'REQUEST_TIMEOUT',
    message: 'The request took too long to arrive.',
  },
};
const BAD_REQUEST = {
  status: 400,
  reason: 'Bad Request',
  code: 'VALIDATION_FAILED' as const,
  message: 'The request is not valid HTTP.',
};

/**
 * Answers a request Node's HTTP parser refused (headers over the limit, malformed, too slow) in the
 * API's error shape, says `Connection: close` so keep-alive clients open a new connection for their
 * next request, and closes the connection once the answer is sent.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already on its way on this connection cannot be followed by another one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || socket.writableEnded || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const answer = (error.code && ANSWERS[error.code]) || BAD_REQUEST;
  this.log.debug({ err: error }, `refused at the HTTP parser: ${answer.status}`);
  const body: ApiErrorBody = { error: { code: answer.code, message: answer.message } };
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.reason}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`,
  );
  // Read and drop what the client still sends, so closing does not reset the connection before
  // the client has read the answer; cut it if the client neither reads nor closes.
  socket.on('data', () => undefined);
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
