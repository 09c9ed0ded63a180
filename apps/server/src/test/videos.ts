/** Small videos for tests, made with ffmpeg (the one the server runs), and read back with ffprobe. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { mediaTools } from '../infra/media-tools.js';

const run = promisify(execFile);
const tools = () =>
  mediaTools({ ffmpegPath: process.env.FFMPEG_PATH, ffprobePath: process.env.FFPROBE_PATH });

/**
 * ffmpeg 4.1 (shipped in @ffmpeg-installer/ffmpeg) still writes a rotation from the `rotate` tag;
 * newer builds before 6.0 cannot set one at all.
 */
function ffmpegThatRotates(): string {
  const require = createRequire(import.meta.url);
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

let folder: Promise<string> | undefined;
const made = new Map<string, Promise<Buffer>>();

/** Makes a clip once per test process: `args` between the inputs and the output file. */
function clip(name: string, make: (file: string) => Promise<void>): Promise<Buffer> {
  let bytes = made.get(name);
  if (!bytes) {
    bytes = (async () => {
      folder ??= fs.mkdtemp(path.join(os.tmpdir(), 'photo-videos-'));
      const file = path.join(await folder, name);
      await make(file);
      return fs.readFile(file);
    })();
    made.set(name, bytes);
  }
  return bytes;
}

const ffmpeg = (args: string[]) =>
  run(tools().ffmpeg.path, ['-v', 'error', '-nostdin', '-y', ...args]).then(() => undefined);

const testPicture = (size: string, seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=size=${size}:rate=30:duration=${seconds}`,
];
const testSound = (seconds: number) => [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
];

/** 2 s, 320 x 240, H.264 + AAC in MP4: plays in every browser as it is. */
export function h264Mp4(): Promise<Buffer> {
  return clip('h264.mp4', (file) =>
    ffmpeg([
      ...testPicture('320x240', 2),
      ...testSound(2),
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-f',
      'mp4',
      file,
    ]),
  );
}

/** Where the iPhone clip was taken (the Eiffel tower), as its tags say it. */
export const CLIP_PLACE = '+48.8584+002.2945';

/**
 * What an iPhone writes, small: 2 s of 320 x 240 HEVC + AAC in QuickTime, turned a quarter (upright
 * 240 x 320), taken 2024-06-01 10:00 at +02:00 by an Apple iPhone 15, with its place in ©xyz and
 * in Apple's ISO 6709 key.
 */
export function hevcMov(): Promise<Buffer> {
  return clip('iphone.mov', async (file) => {
    const flat = `${file}.flat.mov`;
    await ffmpeg([
      ...testPicture('320x240', 2),
      ...testSound(2),
      '-c:v',
      'libx265',
      '-preset',
      'ultrafast',
      '-x265-params',
      'log-level=error',
      '-pix_fmt',
      'yuv420p',
      '-tag:v',
      'hvc1',
      '-c:a',
      'aac',
      '-metadata',
      'com.apple.quicktime.creationdate=2024-06-01T10:00:00+0200',
      '-metadata',
      `com.apple.quicktime.location.ISO6709=${CLIP_PLACE}+035.000/`,
      '-metadata',
      'com.apple.quicktime.make=Apple',
      '-metadata',
      'com.apple.quicktime.model=iPhone 15',
      '-metadata',
      'creation_time=2024-06-01T08:00:00Z',
      '-metadata',
      `location=${CLIP_PLACE}/`,
      '-movflags',
      'use_metadata_tags',
      '-f',
      'mov',
      flat,
    ]);
    await run(ffmpegThatRotates(), [
      ...['-v', 'error', '-nostdin', '-y', '-i', flat, '-map', '0', '-c', 'copy'],
      ...['-movflags', 'use_metadata_tags', '-metadata:s:v:0', 'rotate=90', '-f', 'mov', file],
    ]);
    await fs.rm(flat);
  });
}

/** 2 s, 320 x 240, VP9 + Opus in WebM. */
export function vp9Webm(): Promise<Buffer> {
  return clip('vp9.webm', (file) =>
    ffmpeg([
      ...testPicture('320x240', 2),
      ...testSound(2),
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '200k',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      file,
    ]),
  );
}

/** A clip wider than 8K (8200 x 16), a fifth of a second, H.264 in MP4. */
export function tooWideMp4(): Promise<Buffer> {
  return clip('wide.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=gray:size=8200x16:rate=5:duration=0.2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', file],
    ]),
  );
}

/** A clip of 3 hours and 20 minutes: a frame every 20 minutes, tiny. */
export function tooLongMp4(): Promise<Buffer> {
  return clip('long.mp4', (file) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=c=gray:size=32x32:rate=1/1200:duration=12000'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mp4', file],
    ]),
  );
}

/** Reads a video with ffprobe: its format and streams. */
export async function probe(bytes: Buffer): Promise<{
  format: { tags?: Record<string, string>; duration?: string };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    tags?: Record<string, string>;
    side_data_list?: { rotation?: number }[];
  }[];
}> {
  folder ??= fs.mkdtemp(path.join(os.tmpdir(), 'photo-videos-'));
  const file = path.join(await folder, `probe-${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(file, bytes);
  try {
    const { stdout } = await run(tools().ffprobe.path, [
      ...['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    ]);
    return JSON.parse(stdout) as Awaited<ReturnType<typeof probe>>;
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** The types of an ISO-BMFF file's top-level boxes, in order. */
export function topLevelBoxes(bytes: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 0; offset + 8 <= bytes.length;) {
    let size = bytes.readUInt32BE(offset);
    if (size === 1) size = Number(bytes.readBigUInt64BE(offset + 8));
    if (size === 0) size = bytes.length - offset;
    types.push(bytes.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break;
    offset += size;
  }
  return types;
}
