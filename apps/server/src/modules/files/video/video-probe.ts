import fs from 'node:fs/promises';
import { MAX_VIDEO_EDGE, MAX_VIDEO_SECONDS } from '@photo/contract';
import { AppError } from '../../../lib/errors.js';
import { runMediaTool, type MediaTools } from '../../../infra/media-tools.js';
import { contentIdFromMovieTags } from '../media/apple-content-id.js';
import { NO_EXIF_FACTS, type ExifFacts } from '../media/images.js';
import { placeFromIso6709, type PlaceTaken } from '../media/location.js';
import type { SniffedMedia } from '../media/sniff-media.js';

export type VideoContainer = Extract<SniffedMedia, { kind: 'video' }>['container'];

/** What ffprobe says of a video, and what we make of it. */
export interface VideoFacts {
  contentType: 'video/mp4' | 'video/quicktime' | 'video/webm';
  /** The muxer that writes this container again (without its location). */
  muxer: 'mp4' | 'mov' | 'webm';
  videoCodec: string;
  audioCodecs: string[];
  /** Upright: a rotation of 90 or 270 degrees swaps the coded width and height. */
  width: number;
  height: number;
  durationMs: number;
  /** Plays in every browser as it is (decision 0057): no rendition is needed. */
  browserSafe: boolean;
  exif: ExifFacts;
  /** Tags that carry a place, by where they are: 'format', or a stream's index. */
  locationTags: { scope: 'format' | number; key: string }[];
  /** Where it was taken, from the first location tag that holds an ISO 6709 place. */
  place: PlaceTaken | null;
  /** Apple's content identifier (the motion of a Live Photo names its picture's), or null. */
  contentId: string | null;
}

const PROBE_TIMEOUT_MS = 30_000;
/** ffprobe's JSON of any sane file is far smaller. */
const PROBE_MAX_BYTES = 4 * 1024 * 1024;

export const unsupportedVideo = (message: string, cause?: unknown) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, { field: 'file', cause });

export const unreadableVideo = (cause?: unknown) =>
  unsupportedVideo(
    'The file could not be read as a video: it may be damaged, cut short, or not really an MP4, MOV or WebM file.',
    cause,
  );

export const tooLargeVideo = (message: string) =>
  new AppError('PAYLOAD_TOO_LARGE', message, { field: 'file' });

/** The input arguments that make ffmpeg or ffprobe read the file as its sniffed container only. */
export function inputArgs(file: string, container: VideoContainer): string[] {
  // Only local files: a container naming other files or URLs (references, playlists) opens none.
  return [
    '-protocol_whitelist',
    'file',
    '-f',
    container === 'webm' ? 'matroska' : 'mov',
    '-i',
    `file:${file}`,
  ];
}

/**
 * Walks the top-level boxes of an ISO-BMFF file: each must be whole, and together they must end
 * exactly at the end of the file, with a movie header among them. A file cut short, or one with
 * other bytes after its last box (a polyglot: text, a page or an archive glued on), is refused.
 */
export async function checkIsoBoxes(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    let hasMovie = false;
    while (offset < size) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) throw unreadableVideo();
      const type = header.toString('latin1', 4, 8);
      if (!/^[\x20-\x7e]{4}$/.test(type)) throw unreadableVideo();
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) throw unreadableVideo();
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        // The last box runs to the end of the file.
        boxSize = size - offset;
      }
      if (boxSize < 8 || offset + boxSize > size) throw unreadableVideo();
      if (type === 'moov') hasMovie = true;
      offset += boxSize;
    }
    if (!hasMovie) throw unreadableVideo();
  } finally {
    await handle.close();
  }
}

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number | string }[];
}

interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
}

/** Tag names that hold a place: QuickTime's ©xyz (ffmpeg's "location"), Apple's ISO 6709 key, GPS. */
const LOCATION_TAG = /location|xyz|gps|iso6709|latitude|longitude/i;

const WEBM_VIDEO = new Set(['vp8', 'vp9', 'av1']);
const WEBM_AUDIO = new Set(['opus', 'vorbis']);
/** H.264 in these pixel formats (8-bit 4:2:0) decodes in every browser; 10-bit or 4:2:2 does not. */
const SAFE_H264_PIXELS = new Set(['yuv420p', 'yuvj420p']);

/** Reads the container, streams and tags with ffprobe, and checks them against our limits. */
export async function probeVideo(
  tools: MediaTools,
  file: string,
  container: VideoContainer,
  majorBrand: string | null,
): Promise<VideoFacts> {
  let probe: ProbeOutput;
  try {
    const json = await runMediaTool(
      tools.ffprobe,
      [
        '-v',
        'error',
        '-print_format',
        'json',
        '-show_format',
        '-show_streams',
        ...inputArgs(file, container),
      ],
      { timeoutMs: PROBE_TIMEOUT_MS, maxStdoutBytes: PROBE_MAX_BYTES },
    );
    probe = JSON.parse(json.toString('utf8')) as ProbeOutput;
  } catch (error) {
    throw unreadableVideo(error);
  }
  const streams = probe.streams ?? [];
  const video = streams.find(
    (stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1,
  );
  if (!video || !video.codec_name || !(Number(video.width) > 0 && Number(video.height) > 0)) {
    throw unreadableVideo();
  }
  const audioCodecs = streams
    .filter((stream) => stream.codec_type === 'audio')
    .map((stream) => stream.codec_name ?? 'unknown');
  const videoCodec = video.codec_name;
  if (container === 'webm' && !WEBM_VIDEO.has(videoCodec)) {
    throw unsupportedVideo('WebM videos are accepted with VP8, VP9 or AV1 video.');
  }

  const quarterTurns = Math.round(rotationOf(video) / 90);
  const sideways = Math.abs(quarterTurns) % 2 === 1;
  const width = sideways ? Number(video.height) : Number(video.width);
  const height = sideways ? Number(video.width) : Number(video.height);
  if (width > MAX_VIDEO_EDGE || height > MAX_VIDEO_EDGE) {
    throw tooLargeVideo(
      `The video is too large (${width} x ${height}); at most ${MAX_VIDEO_EDGE} pixels on either side are accepted.`,
    );
  }
  const seconds = Number(probe.format?.duration ?? video.duration);
  if (!(seconds > 0)) throw unreadableVideo();
  if (seconds > MAX_VIDEO_SECONDS) {
    throw tooLargeVideo(
      `The video is too long; at most ${MAX_VIDEO_SECONDS / 3600} hours are accepted.`,
    );
  }

  const quickTime = container === 'isobmff' && majorBrand === 'qt  ';
  const browserSafe =
    container === 'webm'
      ? audioCodecs.every((codec) => WEBM_AUDIO.has(codec))
      : !quickTime &&
        videoCodec === 'h264' &&
        SAFE_H264_PIXELS.has(video.pix_fmt ?? '') &&
        audioCodecs.every((codec) => codec === 'aac');

  const formatTags = probe.format?.tags ?? {};
  const locationTags: VideoFacts['locationTags'] = [];
  let place: PlaceTaken | null = null;
  const noteTag = (scope: 'format' | number, key: string, value: string) => {
    if (!LOCATION_TAG.test(key)) return;
    locationTags.push({ scope, key });
    place ??= placeFromIso6709(value);
  };
  for (const [key, value] of Object.entries(formatTags)) noteTag('format', key, value);
  for (const stream of streams) {
    for (const [key, value] of Object.entries(stream.tags ?? {})) noteTag(stream.index, key, value);
  }

  return {
    contentType: container === 'webm' ? 'video/webm' : quickTime ? 'video/quicktime' : 'video/mp4',
    muxer: container === 'webm' ? 'webm' : quickTime ? 'mov' : 'mp4',
    videoCodec,
    audioCodecs,
    width,
    height,
    durationMs: Math.round(seconds * 1000),
    browserSafe,
    exif: factsOf(formatTags, video.tags ?? {}),
    locationTags,
    place,
    contentId: contentIdFromMovieTags(formatTags),
  };
}

/** The video's rotation in degrees: the display matrix (ffprobe 5 and later), else the rotate tag. */
function rotationOf(stream: ProbeStream): number {
  for (const side of stream.side_data_list ?? []) {
    const rotation = Number(side.rotation);
    if (side.rotation !== undefined && Number.isFinite(rotation)) return rotation;
  }
  const tag = Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(tag) ? tag : 0;
}

/** Date taken (Apple's creation date first: it has the offset), camera make and model. */
function factsOf(format: Record<string, string>, video: Record<string, string>): ExifFacts {
  const apple = isoDate(format['com.apple.quicktime.creationdate']);
  const dateTaken = apple ?? isoDate(format.creation_time) ?? isoDate(video.creation_time);
  return {
    ...NO_EXIF_FACTS,
    dateTaken,
    // Apple's creation date carries the clock's offset ("…T18:30:00+0200").
    takenOffsetMinutes: apple ? offsetOf(format['com.apple.quicktime.creationdate']) : null,
    cameraMake: cleanTag(format['com.apple.quicktime.make'] ?? format['com.android.manufacturer']),
    cameraModel: cleanTag(format['com.apple.quicktime.model'] ?? format['com.android.model']),
  };
}

/** An ISO-8601 date from a container tag, in UTC; null when it is absent or not a real date. */
function isoDate(value: string | undefined): string | null {
  if (!value) return null;
  // "+0200" is written without its colon by Apple; Date wants "+02:00".
  const text = value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const date = new Date(text);
  const time = date.getTime();
  // QuickTime's zero date (1904) and the Unix epoch are what muxers write when they know none.
  if (!Number.isFinite(time) || time < Date.UTC(1971, 0, 1)) return null;
  return date.toISOString();
}

/** Minutes east of UTC that an ISO-8601 date's offset names ("+0200", "-05:30"); null for none. */
function offsetOf(value: string | undefined): number | null {
  const match = /([+-])(\d{2}):?(\d{2})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return minutes <= 14 * 60 ? (match[1] === '-' ? -minutes : minutes) : null;
}

function cleanTag(value: string | undefined): string | null {
  if (!value) return null;
  // eslint-disable-next-line no-control-regex
  const text = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return text ? text.slice(0, 100) : null;
}
