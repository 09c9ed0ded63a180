import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestFile } from './api';

const run = promisify(execFile);

/** Debian's ffmpeg, installed here and in CI to make test media (the server runs its own). */
const FFMPEG = process.env.TEST_FFMPEG ?? '/usr/bin/ffmpeg';

/**
 * A small MP4 (H.264 + AAC, faststart: what every browser plays as it is), made by ffmpeg from its
 * test pattern and a tone: `seconds` long, `width` x `height`.
 */
export async function makeMp4(
  options: { seconds?: number; width?: number; height?: number; name?: string } = {},
): Promise<TestFile> {
  const { seconds = 3, width = 320, height = 240 } = options;
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-e2e-video-'));
  const file = path.join(folder, 'clip.mp4');
  try {
    await run(FFMPEG, [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-preset',
      'veryfast',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      file,
    ]);
    return {
      name: options.name ?? 'clip.mp4',
      mimeType: 'video/mp4',
      buffer: await fs.readFile(file),
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
