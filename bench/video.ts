// Videos: how soon an uploaded video shows its poster, and how soon a video that browsers cannot
// play as it is plays from its rendition. Two clips of BENCH_VIDEO_SECONDS (60) at 1080p, made with
// ffmpeg here: H.264 + AAC in MP4 (poster only), and HEVC + AAC in QuickTime (an iPhone's: its
// rendition is made by a job). Each figure is printed against ffmpeg doing the same work directly
// in the same run (the poster's frame; the same transcode), and against the clip's length.
//
//   npm run build && npm run bench:video
//
// Targets: the poster within 3 s of the upload's answer; the rendition within 1.5 x the clip.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sendPicture, signUpUser, startAppServer, untilThumbnail } from './lib/server.js';
import { startRun } from './lib/results.js';
import { readSettings } from './lib/settings.js';
import { ratio } from './lib/stats.js';

const run = promisify(execFile);
const { BENCH_VIDEO_SECONDS: SECONDS } = readSettings({ BENCH_VIDEO_SECONDS: 60 });
/** The ffmpeg the server runs unless told otherwise (FFMPEG_PATH, else the PATH's). */
const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';

async function ffmpeg(args: string[]): Promise<number> {
  const started = performance.now();
  await run(FFMPEG, ['-v', 'error', '-nostdin', '-y', ...args], {
    maxBuffer: 1024 * 1024,
  });
  return performance.now() - started;
}

const source = (seconds: number) => [
  ...['-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${seconds}`],
  ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${seconds}`],
];

/** Until the video's playback state is 'ready' (its rendition made), read from the photo's answer. */
async function untilPlayable(url: string, idToken: string, photoId: string): Promise<void> {
  for (;;) {
    const res = await fetch(`${url}/api/photos/${photoId}`, { headers: { idToken } });
    const body = (await res.json()) as { video?: { state?: string } | null };
    if (body.video?.state === 'ready') return;
    if (body.video?.state === 'failed') throw new Error('the rendition failed');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main() {
  const record = startRun('video');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-video-'));
  const mp4 = path.join(dir, 'clip.mp4');
  const mov = path.join(dir, 'clip.mov');
  console.log(`ffmpeg: ${FFMPEG}`);
  console.log(`making two ${SECONDS} s 1080p clips…`);
  await ffmpeg([
    ...source(SECONDS),
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-f', 'mp4', mp4],
  ]);
  await ffmpeg([
    ...source(SECONDS),
    ...['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error'],
    ...['-tag:v', 'hvc1', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov', mov],
  ]);

  // Baselines: ffmpeg alone doing the poster's frame and the rendition's transcode.
  const posterDirect = await ffmpeg([
    ...['-ss', '1', '-i', mp4, '-frames:v', '1', '-q:v', '3', path.join(dir, 'poster.jpg')],
  ]);
  const transcodeDirect = await ffmpeg([
    ...['-i', mov, '-map', '0:V:0', '-map', '0:a:0?', '-vf', "scale=-2:'min(1080,ih)'"],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', path.join(dir, 'out.mp4')],
  ]);

  const server = await startAppServer({
    MAX_UPLOAD_BYTES: String(2 * 1024 * 1024 * 1024),
  });
  try {
    const user = await signUpUser(server.url, `video-${Date.now()}@example.com`);
    // The poster: from the upload's answer until the thumbnail (made from it) is served.
    const mp4Bytes = await fs.readFile(mp4);
    const sentMp4 = performance.now();
    const h264 = await sendPicture(server.url, user.idToken, mp4Bytes, 'clip.mp4');
    const answeredMp4 = performance.now();
    await untilThumbnail(server.url, h264.id);
    const posterMs = performance.now() - answeredMp4;
    const albumRes = await fetch(`${server.url}/api/albumsDb`, {
      method: 'POST',
      headers: { idToken: user.idToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Videos', coverPhotoUrl: h264.url }),
    });
    const album = (await albumRes.json()) as { id: string };

    // The rendition: from the upload's answer until the video plays from it.
    const movBytes = await fs.readFile(mov);
    const hevc = await sendPicture(server.url, user.idToken, movBytes, 'clip.mov');
    const answeredMov = performance.now();
    const added = await fetch(`${server.url}/api/albumsDb/${album.id}/photos`, {
      method: 'POST',
      headers: { idToken: user.idToken, 'content-type': 'application/json' },
      body: JSON.stringify({ fileId: hevc.id }),
    });
    const photo = (await added.json()) as { id: string };
    await untilPlayable(server.url, user.idToken, photo.id);
    const renditionMs = performance.now() - answeredMov;

    const clipMs = SECONDS * 1000;
    console.log(
      `H.264 MP4 (${(mp4Bytes.length / 1e6).toFixed(1)} MB): answered in ${(answeredMp4 - sentMp4).toFixed(0)} ms; ` +
        `thumbnail from its poster ${posterMs.toFixed(0)} ms after the answer ` +
        `(target 3000 ms; ffmpeg's frame alone ${posterDirect.toFixed(0)} ms, ${ratio(posterMs, posterDirect)} of it)`,
    );
    console.log(
      `HEVC MOV (${(movBytes.length / 1e6).toFixed(1)} MB): plays from its rendition ${(renditionMs / 1000).toFixed(1)} s ` +
        `after the answer: ${ratio(renditionMs, clipMs)} the clip's length (target 1.5); ` +
        `ffmpeg's transcode alone ${(transcodeDirect / 1000).toFixed(1)} s (${ratio(renditionMs, transcodeDirect)} of it)`,
    );
    record.finish({
      clipSeconds: SECONDS,
      poster: { afterAnswerMs: posterMs, ffmpegDirectMs: posterDirect },
      rendition: {
        afterAnswerMs: renditionMs,
        ffmpegDirectMs: transcodeDirect,
        ratioToClip: renditionMs / clipMs,
      },
    });
  } finally {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
