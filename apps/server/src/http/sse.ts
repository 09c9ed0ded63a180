import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import { decodeCursor, type Keyset } from '../lib/paging.js';

/**
 * A live stream reads again at least this often. Changes wake it at once through the event bus;
 * the bus delivers at most once, so this bounds the delay when a notification is lost.
 */
export const POLL_MS = 5_000;
/** A comment line every so often keeps proxies from closing an idle stream. */
export const KEEPALIVE_MS = 25_000;
/**
 * A stream ends after this long; the client reconnects at once with Last-Event-ID and a current
 * ID token, so a signed-out or removed user stops receiving events.
 */
const STREAM_MAX_MS = 15 * 60 * 1000;

/** One event of a stream: its name, its data (sent as JSON) and, when it has one, its id. */
export interface ServerSentEvent {
  /** Without an id, a client's Last-Event-ID stays that of the last event that had one. */
  id?: string;
  event: string;
  data: unknown;
}

/** An open stream, as the code that feeds it sees it. */
export interface EventStream {
  /** Where to start: after the position of Last-Event-ID when the client resumes, else now. */
  start: Keyset;
  /** Aborts when the client goes, the stream's time is up, or the server closes. */
  signal: AbortSignal;
  /** Writes one event; waits while the socket's buffer is full (or until the stream ends). */
  send(event: ServerSentEvent): Promise<void>;
}

/**
 * Where a stream starts: after the position of Last-Event-ID when the client resumes, else now. A
 * Last-Event-ID that is not ours starts now too.
 */
export function streamStart(lastEventId: string | undefined, clock: Clock): Keyset {
  if (lastEventId) {
    try {
      const position = decodeCursor(lastEventId);
      if (position && !Number.isNaN(Date.parse(position.key))) return position;
    } catch {
      // Not one of ours: start from now.
    }
  }
  return { key: clock.now().toISOString(), id: '' };
}

/** Answers 406 unless the request accepts text/event-stream. */
export function requireEventStreamAccepted(request: FastifyRequest): void {
  if (!/\btext\/event-stream\b|\*\/\*/.test(request.headers.accept ?? '')) {
    throw new AppError(
      'NOT_ACCEPTABLE',
      'This address is a stream of Server-Sent Events: send Accept: text/event-stream.',
    );
  }
}

function eventText(event: ServerSentEvent): string {
  const id = event.id === undefined ? '' : `id: ${event.id}\n`;
  return `${id}event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

export type OpenEventStream = (
  request: FastifyRequest,
  reply: FastifyReply,
  options: { name: string; clock: Clock },
  run: (stream: EventStream) => Promise<void>,
) => Promise<void>;

/**
 * The Server-Sent Events of one routes plugin: `open` takes over the reply, sends the stream's
 * headers and `retry`, keeps it alive with comment lines, runs `run` until the client goes, the
 * stream's time is up or the server closes, then ends it. Open streams end before the server
 * closes, or closing would wait for them.
 */
export function serverSentEvents(app: FastifyInstance): OpenEventStream {
  const streams = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.abort();
  });

  return async (request, reply, options, run) => {
    const lastEventId = request.headers['last-event-id'];
    const start = streamStart(
      typeof lastEventId === 'string' ? lastEventId : undefined,
      options.clock,
    );
    const controller = new AbortController();
    streams.add(controller);
    const raw = reply.raw;
    reply.hijack();
    // The headers set for every answer (security headers, request id) go out too.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) raw.setHeader(name, value);
    }
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      // The socket closes with the stream: no idle keep-alive socket outlives it (which would
      // hold a closing server open for its keep-alive time).
      connection: 'close',
    });
    // Reconnect after 2 s when the connection drops.
    raw.write('retry: 2000\n\n');
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), KEEPALIVE_MS);
    const end = () => controller.abort();
    const lifetime = setTimeout(end, STREAM_MAX_MS);
    request.raw.on('close', end);
    raw.on('error', end);

    const send = async (event: ServerSentEvent) => {
      if (!raw.write(eventText(event))) {
        await new Promise<void>((resolve) => {
          raw.once('drain', resolve);
          controller.signal.addEventListener('abort', () => resolve(), { once: true });
        });
      }
    };
    try {
      await run({ start, signal: controller.signal, send });
    } catch (error) {
      request.log.warn({ err: error }, `${options.name} stream ended by an error`);
    } finally {
      clearInterval(keepAlive);
      clearTimeout(lifetime);
      streams.delete(controller);
      request.raw.off('close', end);
      raw.end();
    }
  };
}
