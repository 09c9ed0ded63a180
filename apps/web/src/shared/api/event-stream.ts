import { EventSource } from 'eventsource';
import { fetchWithIdToken } from './api-client';

/** After a stream could not be opened (e.g. an expired token), wait this long, then try again. */
const REOPEN_AFTER_MS = 3_000;

export interface EventStreamHandlers {
  /** An event of the given name arrived, with its data as sent. */
  onEvent(data: string): void;
  /** Events of other names, each to its own function, with its data as sent. */
  others?: Readonly<Record<string, (data: string) => void>>;
}

/**
 * Reads a Server-Sent Events stream of the API, sending the ID token. After a dropped
 * connection it reconnects with Last-Event-ID, so the server sends what was missed; after a
 * refused one (an expired token) it opens a new stream, still from the last event seen.
 * Returns the function that closes it.
 */
export function openEventStream(
  path: string,
  eventName: string,
  handlers: EventStreamHandlers,
): () => void {
  let lastEventId: string | undefined;
  let closed = false;
  let source: EventSource | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    source = new EventSource(path, {
      fetch: (input, init) =>
        fetchWithIdToken(input, {
          ...init,
          headers: {
            ...init.headers,
            ...(lastEventId && !init.headers['Last-Event-ID']
              ? { 'Last-Event-ID': lastEventId }
              : {}),
          },
        }),
    });
    source.addEventListener(eventName, (event) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      handlers.onEvent(String(event.data));
    });
    for (const [name, onOther] of Object.entries(handlers.others ?? {})) {
      source.addEventListener(name, (event) => onOther(String(event.data)));
    }
    source.onerror = () => {
      // CLOSED: the server refused the stream; the EventSource itself retries otherwise.
      if (source?.readyState !== EventSource.CLOSED || closed) return;
      timer = setTimeout(open, REOPEN_AFTER_MS);
    };
  };
  open();

  return () => {
    closed = true;
    clearTimeout(timer);
    source?.close();
  };
}
