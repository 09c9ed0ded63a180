import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { appleExif, withExifSegment } from '../../apps/server/src/test/apple-exif';
import { makeJpeg as makeJpegBytes } from '../../apps/server/src/test/images';
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

/**
 * The two halves of a Live Photo as an iPhone set to "Most Compatible" writes them: a JPEG whose
 * EXIF holds an Apple maker note with the content identifier, and a QuickTime movie (H.264) whose
 * metadata names the same identifier. Added to one album, they become one photo.
 */
export async function makeLivePhotoPair(contentId: string): Promise<[TestFile, TestFile]> {
  const still = await makeJpegBytes({ width: 400, height: 300 });
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'photo-e2e-live-'));
  const file = path.join(folder, 'IMG_0001.MOV');
  try {
    await run(FFMPEG, [
      ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=400x300:rate=25:duration=2'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast'],
      ...['-metadata', `com.apple.quicktime.content.identifier=${contentId}`],
      ...['-movflags', 'use_metadata_tags', '-f', 'mov', file],
    ]);
    return [
      {
        name: 'IMG_0001.JPG',
        mimeType: 'image/jpeg',
        buffer: withExifSegment(still, appleExif(contentId)),
      },
      { name: 'IMG_0001.MOV', mimeType: 'video/quicktime', buffer: await fs.readFile(file) },
    ];
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}
