// Every BENCH_* environment variable the benchmarks read, with its meaning and what it accepts.
// Each benchmark names those it reads with its own defaults (readSettings); a value that does not
// parse, or a BENCH_* variable listed nowhere here, stops the benchmark with a message naming it.

interface Setting<T> {
  meaning: string;
  /** What a value must look like, for the error message. */
  expected: string;
  /** The value, or undefined when `raw` is not one. */
  parse(raw: string): T | undefined;
}

const setting = <T>(
  expected: string,
  parse: (raw: string) => T | undefined,
  meaning: string,
): Setting<T> => ({ meaning, expected, parse });

const NUMBER = /^\d+(?:\.\d+)?$/;
const WHOLE = /^\d+$/;

/** A whole number of at least `min`. */
const integer = (meaning: string, min = 1) =>
  setting(
    `a whole number of ${min} or more`,
    (raw) => (WHOLE.test(raw) && Number(raw) >= min ? Number(raw) : undefined),
    meaning,
  );

/** A decimal number above 0 (or of at least 0 with `zero`). */
const decimal = (meaning: string, { zero = false } = {}) =>
  setting(
    zero ? 'a number of 0 or more' : 'a number above 0',
    (raw) => (NUMBER.test(raw) && (zero || Number(raw) > 0) ? Number(raw) : undefined),
    meaning,
  );

const oneOf = <T extends string>(choices: readonly T[], meaning: string) =>
  setting(
    `one of ${choices.join(', ')}`,
    (raw) => (choices.includes(raw as T) ? (raw as T) : undefined),
    meaning,
  );

/** A comma-separated list of the choices, at least one. */
const listOf = <T extends string>(choices: readonly T[], meaning: string) =>
  setting(
    `a comma-separated list of ${choices.join(', ')}`,
    (raw) => {
      const items = raw.split(',').map((item) => item.trim());
      return items.every((item) => choices.includes(item as T)) ? (items as T[]) : undefined;
    },
    meaning,
  );

const flag = (meaning: string) =>
  setting('0 or 1', (raw) => (raw === '1' ? true : raw === '0' ? false : undefined), meaning);

const text = (meaning: string) =>
  setting('a value', (raw) => (raw.trim() === '' ? undefined : raw), meaning);

const DATABASES = ['sqlite', 'postgres'] as const;

export const SETTINGS = {
  // The servers the benchmarks start (bench/lib/server.ts).
  BENCH_ACTIVITIES: integer(
    'bench:activity: activity entries of the person measured (and as many of others).',
  ),
  BENCH_SERVER: oneOf(
    ['built', 'source'],
    "How bench:upload, bench:load and bench:crash run the app's server: the build " +
      '(apps/server/dist/main.js) or the sources through tsx; by default the build when it is ' +
      'newer than the sources.',
  ),
  BENCH_SERVER_CPU: setting(
    'a CPU list as taskset takes it, e.g. 1 or 0,1',
    (raw) => (/^\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*$/.test(raw) ? raw : undefined),
    'Holds the servers started through bench/lib/server.ts (all but those of bench:load and ' +
      'bench:crash) to these CPUs (taskset -c), so that servers measured in turn run alike ' +
      'whatever the client does on the others.',
  ),
  BENCH_SERVER_WRAPPER: text(
    'A profiler the app\'s server runs under, e.g. "heaptrack -o /tmp/upload"; its own cost ' +
      'then counts in every figure.',
  ),

  // What the benchmarks measure, and how much of it.
  BENCH_ALBUMS: integer('Albums the benchmark makes (each with a cover).'),
  BENCH_ALLOCATORS: listOf(
    ['defaults', 'arena', 'mmap'],
    "bench:upload: the allocator settings the server is measured with, one server each: glibc's " +
      'defaults, MALLOC_ARENA_MAX=2, or that with blocks over 128 KiB mapped and unmapped.',
  ),
  BENCH_BASELINE_PHOTOS: integer(
    "bench:timeline:web: photos of the baseline person's timeline; bench:places: located photos " +
      "of the baseline person's map; each measured in the same run.",
  ),
  BENCH_BATCH: integer('bench:fairness: photos in the batch sent all at once.'),
  BENCH_COMPARE_WITH: text(
    'bench:web: another built checkout whose page to measure in turn with this one (ABBA); ' +
      'bench:upload-to-thumbnail: another checkout whose server to measure in turn; ' +
      'bench:upload-batch: another checkout whose server to measure after this one; ' +
      'the figures are then printed as ratios this / other.',
  ),
  BENCH_CONCURRENCY: integer(
    'bench:upload: uploads (and sharp-alone images) at a time; bench:guest-uploads: guests at once; ' +
      "bench:upload-batch: files sent at once (by default the server's parallelUploads).",
  ),
  BENCH_CONNECTIONS: integer('Connections autocannon keeps open.'),
  BENCH_COVER_MP: decimal('bench:web: megapixels of each generated cover.'),
  BENCH_DATABASE: oneOf(DATABASES, 'The database the server runs on.'),
  BENCH_DATABASES: listOf(DATABASES, 'The databases measured, one after the other.'),
  BENCH_DRAG_STEPS: integer(
    "bench:timeline:web: steps of the scrubber's drag from the newest month to the oldest.",
  ),
  BENCH_DELAY_MS: decimal(
    'bench:fairness: when the single photo is sent after the batch started, ms.',
    { zero: true },
  ),
  BENCH_DRAWN_BY: oneOf(
    ['server', 'browser'],
    'bench:web: who draws the page: the server (the browser keeps the session cookie) or the browser (it keeps none).',
  ),
  BENCH_VIDEO_SECONDS: integer('bench:video: length of each 1080p clip, s.'),
  BENCH_VIDEOS: integer(
    'bench:fairness: videos of one person sent at once in the video variant (0: no such variant).',
    0,
  ),
  BENCH_DURATION: decimal('bench:load: how long the simulated users keep going, s.'),
  BENCH_EXPLAIN: flag(
    "bench:scale and bench:timeline: 1 prints each page's query plan; bench:search: each " +
      "query's plan and time.",
  ),
  BENCH_FACES: integer(
    'bench:faces: faces seeded for grouping, one a photo, of a few hundred people (10 to 80 each).',
  ),
  BENCH_FACE_PARTS: listOf(
    ['grouping', 'memory'],
    "bench:faces: the parts run: the grouping of BENCH_FACES faces on each of BENCH_DATABASES, and the face-indexing server's RSS over BENCH_PHOTOS photos.",
  ),
  BENCH_IMAGES: integer('bench:image-work: distinct 12-megapixel JPEGs of noise worked on.'),
  BENCH_KILL_AFTER_MS: setting(
    'two numbers, min,max (ms)',
    (raw) => {
      const match = /^(\d+),(\d+)$/.exec(raw);
      const [min, max] = [Number(match?.[1]), Number(match?.[2])];
      return match && min <= max ? ([min, max] as [number, number]) : undefined;
    },
    'bench:crash: the kill comes at a random moment in this range after the writes start, ms.',
  ),
  BENCH_KILLS: integer('bench:crash: kills per database.'),
  BENCH_LARGE: integer('bench:scale: albums of the large database.'),
  BENCH_LIGHTHOUSE_RUNS: integer(
    'bench:web: Lighthouse runs (per checkout when comparing); 0 measures only the wire.',
    0,
  ),
  BENCH_LOG_LEVEL: oneOf(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
    "bench:load: the server's LOG_LEVEL.",
  ),
  BENCH_MAP_MOVES: integer(
    'bench:places: moves of the map (a wheel zoom or a drag each) after its first clusters.',
  ),
  BENCH_MP: decimal('bench:fairness and bench:guest-uploads: megapixels of each photo.'),
  BENCH_PASSES: integer('bench:image-work: passes over the images in each measuring process.'),
  BENCH_PHOTOS: integer(
    'bench:album-scroll: photos of the album scrolled through; bench:faces: photos with a face indexed while the server RSS is read; bench:timeline: photos seeded; bench:timeline:web: photos of the timeline; bench:places: located photos of the map; bench:search: photos seeded; bench:zip: photos of the album zipped.',
  ),
  BENCH_PHOTO_MB: decimal('bench:zip: megabytes (MiB) of each photo of the album zipped.'),
  BENCH_PER_ROUND: integer('bench:scale: pages timed in a row in each round.'),
  BENCH_PIWIGO_URL: text(
    "bench:web with BENCH_WEB_PAGE=album: a Piwigo album page's address (bench/piwigo/setup.sh " +
      "makes one and prints it), measured as a guest in turn with this checkout's album page " +
      '(ABBA), by the same measures; the figures are then printed as ratios this / Piwigo.',
  ),
  BENCH_REQUESTS: integer('bench:logs: requests of each run.'),
  BENCH_ROUNDS: integer(
    'How many times each measure is repeated, in turn with its baseline where it has one; the ' +
      "benchmark prints the rounds' median or mean.",
  ),
  BENCH_SCREENS: integer('bench:timeline:web: screens scrolled by the mouse wheel.'),
  BENCH_SCREEN: oneOf(
    ['phone', 'desktop'],
    'bench:web:profile: a 412 px phone with the CPU slowed 4x, or a 1280 × 800 desktop unthrottled. ' +
      'bench:timeline:web: a 390 × 844 phone at 3 device pixels a CSS pixel, or a 1440 × 900 desktop (both unthrottled).',
  ),
  BENCH_SECONDS: decimal('How long each load (or profiled page load) lasts, s.'),
  BENCH_SEQUENTIAL: flag('bench:upload: 0 skips the pass of one upload at a time.'),
  BENCH_STEP_ROUNDS: integer(
    'bench:image-work: times each piece of the work is timed; the figure is their median.',
  ),
  BENCH_SIZES_MB: setting(
    'a comma-separated list of whole numbers of 1 or more',
    (raw) => {
      const sizes = raw.split(',').map((size) => size.trim());
      return sizes.every((size) => WHOLE.test(size) && Number(size) >= 1)
        ? sizes.map(Number)
        : undefined;
    },
    'bench:blob-stores: sizes of the files stored and read back, MB.',
  ),
  BENCH_STORES: listOf(
    ['local', 's3'],
    'bench:zip: the blob stores measured: local disk, and S3 (s3rver in its own process).',
  ),
  BENCH_SMALL: integer('bench:scale: albums of the small database.'),
  BENCH_RESUMABLE_BYTES: integer('bench:resumable: bytes of the large upload (default 2 GiB).'),
  BENCH_RESUMABLE_CUT_BYTES: integer('bench:resumable: bytes of the upload cut at 50 % (64 MiB).'),
  BENCH_THINK_MS: decimal('bench:load: the most a user waits between two visits, ms.', {
    zero: true,
  }),
  BENCH_TOP: integer('Profiles: how many functions (or files) to print.'),
  BENCH_UPLOADS: integer(
    'bench:upload: 12-megapixel JPEGs of noise per pass; bench:guest-uploads: photos guests send in all; ' +
      'bench:upload-batch: 12-megapixel camera-like photos in the batch (41).',
  ),
  BENCH_USERS: integer("bench:load: simulated users (and the baseline's connections)."),
  BENCH_WATERFALL: flag("bench:web: 1 prints each screen's requests, when each began and ended."),
  BENCH_WEB_PAGE: oneOf(
    ['recent', 'album'],
    'bench:web and bench:web:profile: the page measured: Recent Albums, or an album holding BENCH_ALBUMS photos.',
  ),
  BENCH_WRITERS: integer('bench:crash: concurrent writers.'),
} satisfies Record<`BENCH_${string}`, Setting<unknown>>;

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> =
  (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;

/** Every setting read so far in this process, with the value used: for the results file. */
const used: Record<string, unknown> = {};

export function usedSettings(): Record<string, unknown> {
  return { ...used };
}

/**
 * Reads the named settings from the environment, each else from `fallback`. Stops the process,
 * naming the variable, on a value that does not parse or on a BENCH_* variable that no benchmark
 * knows (a typo would else go unnoticed).
 */
function read(names: SettingName[], fallback: (name: SettingName) => unknown) {
  const errors: string[] = [];
  for (const name of Object.keys(process.env)) {
    if (name.startsWith('BENCH_') && !(name in SETTINGS)) {
      errors.push(`${name} is no setting of the benchmarks (see bench/lib/settings.ts).`);
    }
  }
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const spec = SETTINGS[name] as Setting<unknown>;
    const raw = process.env[name];
    if (raw === undefined || raw === '') {
      values[name] = fallback(name);
    } else {
      values[name] = spec.parse(raw);
      if (values[name] === undefined) {
        errors.push(
          `${name}=${JSON.stringify(raw)}: expected ${spec.expected}. ${name}: ${spec.meaning}`,
        );
      }
    }
    used[name] = values[name] ?? null;
  }
  if (errors.length > 0) {
    for (const error of errors) console.error(error);
    process.exit(2);
  }
  return values;
}

/** The settings a benchmark reads, from the environment or else from `defaults`. */
export function readSettings<N extends SettingName>(defaults: {
  [K in N]: SettingValue<K>;
}): { [K in N]: SettingValue<K> } {
  const given = defaults as Record<string, unknown>;
  return read(Object.keys(defaults) as N[], (name) => given[name]) as {
    [K in N]: SettingValue<K>;
  };
}

/** Settings without a default: undefined unless set. */
export function readOptionalSettings<N extends SettingName>(
  names: readonly N[],
): { [K in N]: SettingValue<K> | undefined } {
  return read([...names], () => undefined) as { [K in N]: SettingValue<K> | undefined };
}
