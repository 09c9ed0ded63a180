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

/**
 * The rendition of a video: H.264 + AAC in MP4, faststart, at most RENDITION_MAX_HEIGHT tall,
 * upright, without the original's tags.
 */
export function renditionArgs(source: string, container: VideoContainer, output: string): string[] {
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    ...inputArgs(source, container),
    '-map',
    '0:V:0',
    '-map',
    '0:a:0?',
    // Decoding applies the rotation: the picture is upright, and no rotation is written.
    '-vf',
    `scale=-2:'min(${RENDITION_MAX_HEIGHT},trunc(ih/2)*2)'`,
    ...RENDITION_VIDEO_ARGS,
    ...RENDITION_AUDIO_ARGS,
    // Nothing of the original's tags (a place among them) is carried over.
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    `file:${output}`,
  ];
}

/** One frame `offset` seconds in, as an upright JPEG at most POSTER_EDGE on its long side. */
export function posterArgs(
  file: string,
  container: VideoContainer,
  offset: number,
  poster: string,
): string[] {
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-ss',
    String(offset),
    ...inputArgs(file, container),
    '-map',
    '0:V:0',
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${POSTER_EDGE},iw)':'min(${POSTER_EDGE},ih)':force_original_aspect_ratio=decrease,format=yuvj420p`,
    '-q:v',
    '3',
    '-f',
    'image2',
    '-update',
    '1',
    `file:${poster}`,
  ];
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
  return [
    '-v',
    'error',
    '-nostdin',
    '-y',
    ...inputArgs(file, container),
    '-map',
    '0:V',
    '-map',
    '0:a?',
    '-c',
    'copy',
    ...removals,
    // QuickTime keys (Apple's date, make and model) are written back as they came.
    ...(container === 'isobmff' ? ['-movflags', 'use_metadata_tags'] : []),
    '-f',
    facts.muxer,
    `file:${target}`,
  ];
}
