import pino, { type Logger } from 'pino';

/** How often dropped lines are reported (one warn line, only when some were dropped). */
export const DROP_REPORT_INTERVAL_MS = 10_000;

/**
 * Where credentials could sit in an object someone logs: they are removed. The request line
 * itself carries none (see requestLogLine); this covers errors and anything logged by hand.
 */
const REDACTED_PATHS = [
  'req.headers.idtoken',
  'req.headers.cookie',
  'req.headers.authorization',
  'headers.idtoken',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.idToken',
  '*.refreshToken',
  '*.refresh_token',
  '*.id_token',
  '*.oobCode',
];

export interface AppLogger {
  logger: Logger;
  /** Stops the drop reports, after reporting what was dropped since the last one. */
  close(): void;
}

export interface LoggerOptions {
  level: string;
  /** Bytes of log the process may hold while the output is slower than the server; more is dropped. */
  bufferBytes: number;
  /** A stream to write to instead of stdout (tests): written synchronously, nothing dropped. */
  stream?: NodeJS.WritableStream;
  dropReportIntervalMs?: number;
}

/**
 * The server's logger: JSON lines (pino) to stdout through an asynchronous writer whose buffer is
 * bounded. When the output cannot keep up (a slow disk, a stuck log collector), lines beyond the
 * buffer are dropped instead of growing the heap, counted, and reported in one warn line.
 */
export function createAppLogger(options: LoggerOptions): AppLogger {
  const base = { level: options.level, redact: { paths: REDACTED_PATHS, remove: true } };
  if (options.stream) {
    return { logger: pino(base, options.stream), close: () => {} };
  }
  const destination = pino.destination({
    dest: 1,
    sync: false,
    minLength: 0,
    maxLength: options.bufferBytes,
  });
  const logger = pino(base, destination);

  let dropped = 0;
  let since = Date.now();
  // Set while the report itself is written: if it is dropped too, its count is kept for the next.
  let reporting = false;
  let reportDropped = false;
  destination.on('drop', () => {
    if (reporting) reportDropped = true;
    else dropped += 1;
  });
  const report = () => {
    if (dropped === 0) return;
    const count = dropped;
    const from = since;
    dropped = 0;
    since = Date.now();
    reporting = true;
    reportDropped = false;
    logger.warn(
      { droppedLines: count, since: new Date(from).toISOString() },
      `${count} log lines dropped: the log output could not keep up`,
    );
    reporting = false;
    if (reportDropped) {
      dropped += count;
      since = from;
    }
  };
  const timer = setInterval(report, options.dropReportIntervalMs ?? DROP_REPORT_INTERVAL_MS);
  timer.unref();
  return {
    logger,
    // What is still buffered is written when the process exits (pino flushes its destination then).
    close: () => {
      clearInterval(timer);
      report();
    },
  };
}

/** The path of a request without its query string: queries may carry codes and keys. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
