import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much more of a refused body is read before its 413 goes out, and for how long at most. */
export const OVERSIZED_BODY_DRAIN = { bytes: 8 * 1024 * 1024, ms: 5000 } as const;

/**
 * Reads and drops the rest of a request body, up to the bounds; true when it all arrived, false
 * when the client sent more than the bounds allow or went away first.
 */
function drain(raw: IncomingMessage): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', onEnd);
      raw.off('close', onClose);
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > OVERSIZED_BODY_DRAIN.bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), OVERSIZED_BODY_DRAIN.ms);
    raw.on('data', onData);
    raw.on('end', onEnd);
    raw.on('close', onClose);
    raw.resume();
  });
}

/**
 * A body over the limit is answered 413 as soon as the limit is passed (or at once, when its
 * Content-Length says so), while the client may still be sending it. Closing the connection then
 * would reset it under the client, which would never read the answer (EPIPE, ECONNRESET). So the
 * answer waits until the rest of the body has arrived and been dropped, up to
 * OVERSIZED_BODY_DRAIN; past that, it goes out with Connection: close (decision 0079).
 */
export function registerOversizedBodyDrain(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const { raw } = request;
    if (reply.statusCode !== 413 || raw.complete || raw.readableEnded || raw.destroyed)
      return payload;
    if (!(await drain(raw))) void reply.header('Connection', 'close');
    return payload;
  });
}
