import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createLimiter } from '../lib/limiter.js';

/**
 * ffmpeg and ffprobe, run as child processes (never through a shell), each with a time limit, a
 * bounded number at once; transcodes at the lowest CPU priority. Which binaries run is decided once
 * (decision 0057): FFMPEG_PATH / FFPROBE_PATH, else those on the PATH, else the static builds
 * shipped inside the @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe packages.
 */
export interface MediaTools {
  ffmpeg: ResolvedTool;
  ffprobe: ResolvedTool;
}

export interface ResolvedTool {
  path: string;
  /** Where it was found: the variable, the PATH, or the npm package. */
  source: string;
}

export interface RunOptions {
  /** The process is killed past this. */
  timeoutMs: number;
  /** Output kept from stdout at most (ffprobe's JSON); more is an error. */
  maxStdoutBytes?: number;
  /** Which of the limiters the run waits for: quick checks at upload, or long transcodes. */
  lane?: 'quick' | 'long';
}

export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

/**
 * Lowest CPU priority, for transcodes: requests and photo jobs of the same machine come first.
 * Quick runs keep the server's priority: an upload waits for them, and at the lowest one any busy
 * machine starved them (an upload took over 30 s on 2 cores where four processes ran).
 */
const LOW_PRIORITY = 19;
/** Of stderr, only the end is kept (an error message, not a log of every frame). */
const STDERR_TAIL = 4000;

/** Quick runs (probe, poster, stream copy at upload): two at once per process. */
const quickRuns = createLimiter(2);
/** Transcodes: one at a time per process, so a batch of videos never takes every core. */
const longRuns = createLimiter(1);

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name: string, envPath: string | undefined): string | null {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function fromPackage(packageName: string): string | null {
  try {
    const require = createRequire(import.meta.url);
    const found = (require(packageName) as { path?: unknown }).path;
    return typeof found === 'string' && isExecutable(found) ? found : null;
  } catch {
    // No build for this platform, or the package is not installed.
    return null;
  }
}

function resolveTool(
  name: 'ffmpeg' | 'ffprobe',
  configured: string | undefined,
  envPath: string | undefined,
): ResolvedTool {
  const variable = name === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH';
  if (configured) return { path: configured, source: variable };
  const found = onPath(name, envPath);
  if (found) return { path: found, source: 'PATH' };
  const packageName = name === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
  const shipped = fromPackage(packageName);
  if (shipped) return { path: shipped, source: packageName };
  // Nothing found: runs fail with ENOENT, and uploads of videos are refused with a clear error.
  return { path: name, source: 'missing' };
}

const resolved = new Map<string, MediaTools>();

/** The binaries to run for this configuration (looked up once per process and configuration). */
export function mediaTools(
  config: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
  envPath = process.env.PATH,
): MediaTools {
  const cacheKey = `${config.ffmpegPath ?? ''}\0${config.ffprobePath ?? ''}\0${envPath ?? ''}`;
  let tools = resolved.get(cacheKey);
  if (!tools) {
    tools = {
      ffmpeg: resolveTool('ffmpeg', config.ffmpegPath, envPath),
      ffprobe: resolveTool('ffprobe', config.ffprobePath, envPath),
    };
    resolved.set(cacheKey, tools);
  }
  return tools;
}

const announced = new Set<MediaTools>();

/** Says at info which binaries run, once per process (from every place that starts using them). */
export function announceMediaTools(
  config: { ffmpegPath: string | undefined; ffprobePath: string | undefined },
  log: { info(facts: object, message: string): void; warn(facts: object, message: string): void },
): void {
  const tools = mediaTools(config);
  if (announced.has(tools)) return;
  announced.add(tools);
  const facts = {
    ffmpeg: tools.ffmpeg.path,
    ffmpegFrom: tools.ffmpeg.source,
    ffprobe: tools.ffprobe.path,
    ffprobeFrom: tools.ffprobe.source,
  };
  if (tools.ffmpeg.source === 'missing' || tools.ffprobe.source === 'missing') {
    log.warn(facts, 'ffmpeg or ffprobe not found: videos are refused');
  } else {
    log.info(facts, 'video tools');
  }
}

/**
 * Runs a tool with these arguments and answers its stdout. Rejects with a MediaToolError when it
 * exits with an error, is killed for its time limit, or cannot be started.
 */
export function runMediaTool(
  tool: ResolvedTool,
  args: readonly string[],
  options: RunOptions,
): Promise<Buffer> {
  const limiter = options.lane === 'long' ? longRuns : quickRuns;
  return limiter(() => runNow(tool, args, options));
}

function runNow(tool: ResolvedTool, args: readonly string[], options: RunOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    if (options.lane === 'long' && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, LOW_PRIORITY);
      } catch {
        // Not permitted here: it runs at the server's own priority.
      }
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let overflow = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (options.maxStdoutBytes !== undefined && stdoutBytes > options.maxStdoutBytes) {
        overflow = true;
        child.kill('SIGKILL');
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${tool.path} could not start: ${error.message}`, null, stderr));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) {
        reject(new MediaToolError(`${path.basename(tool.path)} ran too long`, code, stderr, true));
      } else if (overflow) {
        reject(new MediaToolError(`${path.basename(tool.path)} wrote too much`, code, stderr));
      } else if (code !== 0) {
        // The last line ffmpeg wrote says why (the job's failure log carries it).
        const why = stderr.trim().split('\n').pop() ?? '';
        reject(
          new MediaToolError(
            `${path.basename(tool.path)} exited with ${code}${why ? `: ${why.slice(0, 300)}` : ''}`,
            code,
            stderr,
          ),
        );
      } else {
        resolve(Buffer.concat(stdout));
      }
    });
  });
}
