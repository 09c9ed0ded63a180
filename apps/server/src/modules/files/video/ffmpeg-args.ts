import { RENDITION_MAX_HEIGHT } from '@photo/contract';
import { inputArgs, type VideoContainer, type VideoFacts } from './video-probe.js';

/**
 * x264 settings of renditions (decision 0057): "veryfast" keeps a 1080p transcode faster than
 * the clip plays on two cores; CRF 23 is x264's default quality. AAC at 128 kb/s, stereo at most.
 */
const RENDITION_VIDEO_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '23',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
];
const RENDITION_AUDIO_ARGS = ['-c:a', 'aac', '-b:a', '128k', '-ac', '2'];

/** Posters are at most this many pixels on their long side: more than the largest derived size. */
const POSTER_EDGE = 2048;

/** One ffmpeg run on a stored video: what it reads, which streams, how, and what it writes. */
export interface FfmpegRun {
  input: { file: string; container: VideoContainer; seekSeconds?: number };
  /** Stream specifiers of the input to keep (-map), in order. */
  streams: string[];
  /** At most this many video frames (-frames:v). */
  frames?: number;
  /** The video filter graph (-vf). */
  filter?: string;
  /** Codec, tag and container options, in order. */
  options?: readonly string[];
  output: { file: string; format: string; formatOptions?: readonly string[] };
}

/**
 * The arguments of every ffmpeg run: quiet (errors only), never reading stdin, overwriting its
 * output; the input as its sniffed container only (inputArgs), then the streams kept, frames,
 * filter and options, and the output's format and file.
 */
export function ffmpegArgs(run: FfmpegRun): string[] {
  const { input, output } = run;
  return [
    ...['-v', 'error', '-nostdin', '-y'],
    ...(input.seekSeconds === undefined ? [] : ['-ss', String(input.seekSeconds)]),
    ...inputArgs(input.file, input.container),
    ...run.streams.flatMap((stream) => ['-map', stream]),
    ...(run.frames === undefined ? [] : ['-frames:v', String(run.frames)]),
    ...(run.filter === undefined ? [] : ['-vf', run.filter]),
    ...(run.options ?? []),
    ...['-f', output.format, ...(output.formatOptions ?? []), `file:${output.file}`],
  ];
}

/**
 * The rendition of a video: H.264 + AAC in MP4, faststart, at most RENDITION_MAX_HEIGHT tall,
 * upright, without the original's tags.
 */
export function renditionArgs(source: string, container: VideoContainer, output: string): string[] {
  return ffmpegArgs({
    input: { file: source, container },
    streams: ['0:V:0', '0:a:0?'],
    // Decoding applies the rotation: the picture is upright, and no rotation is written.
    filter: `scale=-2:'min(${RENDITION_MAX_HEIGHT},trunc(ih/2)*2)'`,
    options: [
      ...RENDITION_VIDEO_ARGS,
      ...RENDITION_AUDIO_ARGS,
      // Nothing of the original's tags (a place among them) is carried over.
      ...['-map_metadata', '-1', '-movflags', '+faststart'],
    ],
    output: { file: output, format: 'mp4' },
  });
}

/** One frame `offset` seconds in, as an upright JPEG at most POSTER_EDGE on its long side. */
export function posterArgs(
  file: string,
  container: VideoContainer,
  offset: number,
  poster: string,
): string[] {
  return ffmpegArgs({
    input: { file, container, seekSeconds: offset },
    streams: ['0:V:0'],
    frames: 1,
    filter: `scale='min(${POSTER_EDGE},iw)':'min(${POSTER_EDGE},ih)':force_original_aspect_ratio=decrease,format=yuvj420p`,
    options: ['-q:v', '3'],
    output: { file: poster, format: 'image2', formatOptions: ['-update', '1'] },
  });
}

/**
 * The video again, by a stream copy, without the tags that hold a place; its video and audio
 * tracks only.
 */
export function withoutLocationArgs(
  file: string,
  container: VideoContainer,
  facts: Pick<VideoFacts, 'locationTags' | 'muxer'>,
  target: string,
): string[] {
  const removals = facts.locationTags.flatMap(({ scope, key }) =>
    scope === 'format' ? ['-metadata', `${key}=`] : [`-metadata:s:${scope}`, `${key}=`],
  );
  return ffmpegArgs({
    input: { file, container },
    streams: ['0:V', '0:a?'],
    options: [
      ...['-c', 'copy'],
      ...removals,
      // QuickTime keys (Apple's date, make and model) are written back as they came.
      ...(container === 'isobmff' ? ['-movflags', 'use_metadata_tags'] : []),
    ],
    output: { file: target, format: facts.muxer },
  });
}
