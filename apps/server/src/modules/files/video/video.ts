import fs from 'node:fs/promises';
import type { Config } from '../../../config.js';
import { mediaTools, runMediaTool, type MediaTools } from '../../../infra/media-tools.js';
import { ftypBrands, type PreparedMedia } from '../media/sniff-media.js';
import { makePlaceholder } from '../media/placeholder.js';
import { posterArgs, withoutLocationArgs } from './ffmpeg-args.js';
import type { ReceivedFile } from '../receive/receive.js';
import {
  checkIsoBoxes,
  probeVideo,
  tooLargeVideo,
  unreadableVideo,
  unsupportedVideo,
  type VideoContainer,
  type VideoFacts,
} from './video-probe.js';

export type VideoConfig = Pick<Config, 'ffmpegPath' | 'ffprobePath' | 'maxVideoBytes'>;

/** The poster is taken this far in (a first frame is often black or blurred)… */
const POSTER_AT_SECONDS = 1;
/** …unless the clip is shorter than this: then its first frame. */
const POSTER_MIN_SECONDS = 2;
const POSTER_TIMEOUT_MS = 60_000;
/** A stream copy reads and writes the file once: minutes at most, even for the largest accepted. */
const COPY_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * A video: its container and codecs probed (by content: the sniffed container is the only one it
 * is read as), its limits checked, its poster frame taken upright, its facts read, and a copy
 * without its location written by a stream copy when it has one (the original is kept). Refuses with 415 what ffmpeg cannot read,
 * and with 413 a video over MAX_VIDEO_BYTES, MAX_VIDEO_EDGE or MAX_VIDEO_SECONDS.
 */
export async function prepareVideo(
  received: ReceivedFile,
  container: VideoContainer,
  config: VideoConfig,
): Promise<PreparedMedia> {
  if (received.size > config.maxVideoBytes) {
    throw tooLargeVideo(
      `The video is too large: at most ${Math.floor(config.maxVideoBytes / (1024 * 1024))} MiB is accepted.`,
    );
  }
  const tools = mediaTools(config);
  const majorBrand = container === 'isobmff' ? (ftypBrands(received.head)?.[0] ?? null) : null;
  if (container === 'isobmff') await checkIsoBoxes(received.path);
  const facts = await probeVideo(tools, received.path, container, majorBrand);

  const poster = `${received.path}.poster.jpg`;
  const cleaned = `${received.path}.clean`;
  const temporaryFiles = [poster, cleaned];
  try {
    await takePoster(tools, received.path, container, facts, poster);
    const placeholder = await makePlaceholder(poster);
    // The original is kept as uploaded; a copy without the location is for everyone else.
    const located = facts.locationTags.length > 0;
    if (located) await writeWithoutLocation(tools, received.path, container, facts, cleaned);
    return {
      kind: 'video',
      original: received.path,
      placeless: located ? cleaned : null,
      place: facts.place,
      contentType: facts.contentType,
      width: facts.width,
      height: facts.height,
      exif: facts.exif,
      placeholder,
      thumbnail: null,
      durationMs: facts.durationMs,
      still: poster,
      videoState: facts.browserSafe ? 'ready' : 'processing',
      // A Live Photo's motion: the identifier its picture also carries.
      contentId: facts.contentId,
      temporaryFiles,
    };
  } catch (error) {
    await Promise.all(temporaryFiles.map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}

/**
 * The poster frame, as an upright JPEG (ffmpeg applies the rotation while decoding): near one
 * second in, or the first frame of a very short clip. 415 when no frame can be decoded.
 */
async function takePoster(
  tools: MediaTools,
  file: string,
  container: VideoContainer,
  facts: VideoFacts,
  poster: string,
): Promise<void> {
  const seconds = facts.durationMs / 1000;
  const at = seconds >= POSTER_MIN_SECONDS ? POSTER_AT_SECONDS : 0;
  const frameAt = async (offset: number) => {
    await runMediaTool(tools.ffmpeg, posterArgs(file, container, offset, poster), {
      timeoutMs: POSTER_TIMEOUT_MS,
    });
    const written = await fs.stat(poster).catch(() => null);
    return written !== null && written.size > 0;
  };
  try {
    // A seek past the last frame writes nothing: the first frame then.
    if (await frameAt(at)) return;
    if (at > 0 && (await frameAt(0))) return;
  } catch (error) {
    throw unreadableVideo(error);
  }
  throw unreadableVideo();
}

/**
 * Writes the video again without the tags that hold a place, by a stream copy (no re-encoding):
 * the date and camera tags stay, and so does the rotation. Video and audio tracks are kept; other
 * tracks (timecode, timed metadata, which may hold places too) are not.
 */
async function writeWithoutLocation(
  tools: MediaTools,
  file: string,
  container: VideoContainer,
  facts: VideoFacts,
  target: string,
): Promise<void> {
  try {
    await runMediaTool(tools.ffmpeg, withoutLocationArgs(file, container, facts, target), {
      timeoutMs: COPY_TIMEOUT_MS,
    });
  } catch (error) {
    throw unreadableVideo(error);
  }
  // Checked, not trusted: a place still there means the copy is not stored.
  const again = await probeVideo(tools, target, container, facts.muxer === 'mov' ? 'qt  ' : null);
  if (again.locationTags.length > 0) {
    throw unsupportedVideo('The location of this video could not be removed: it is not stored.');
  }
}
