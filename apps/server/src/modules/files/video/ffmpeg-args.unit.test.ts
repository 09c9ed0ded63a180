import { describe, expect, it } from 'vitest';
import { posterArgs, renditionArgs, withoutLocationArgs } from './ffmpeg-args.js';

describe('ffmpeg arguments', () => {
  it('make a rendition', () => {
    expect(renditionArgs('/tmp/in.mov', 'isobmff', '/tmp/out.mp4')).toEqual([
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-protocol_whitelist', 'file', '-f', 'mov', '-i', 'file:/tmp/in.mov'],
      ...['-map', '0:V:0', '-map', '0:a:0?'],
      ...['-vf', "scale=-2:'min(1080,trunc(ih/2)*2)'"],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
      ...['-map_metadata', '-1', '-movflags', '+faststart'],
      ...['-f', 'mp4', 'file:/tmp/out.mp4'],
    ]);
    expect(renditionArgs('/tmp/in', 'webm', '/tmp/out.mp4').slice(4, 10)).toEqual([
      ...['-protocol_whitelist', 'file', '-f', 'matroska', '-i', 'file:/tmp/in'],
    ]);
  });

  it('take a poster frame', () => {
    expect(posterArgs('/tmp/in.webm', 'webm', 1, '/tmp/in.webm.poster.jpg')).toEqual([
      ...['-v', 'error', '-nostdin', '-y', '-ss', '1'],
      ...['-protocol_whitelist', 'file', '-f', 'matroska', '-i', 'file:/tmp/in.webm'],
      ...['-map', '0:V:0', '-frames:v', '1'],
      '-vf',
      "scale='min(2048,iw)':'min(2048,ih)':force_original_aspect_ratio=decrease,format=yuvj420p",
      ...['-q:v', '3', '-f', 'image2', '-update', '1', 'file:/tmp/in.webm.poster.jpg'],
    ]);
    expect(posterArgs('/tmp/a', 'isobmff', 0, '/tmp/p.jpg').slice(4, 6)).toEqual(['-ss', '0']);
  });

  it('copy a video without its location', () => {
    const locationTags = [
      { scope: 'format' as const, key: 'location' },
      { scope: 0, key: 'com.apple.quicktime.location.ISO6709' },
    ];
    expect(
      withoutLocationArgs('/tmp/in', 'isobmff', { locationTags, muxer: 'mov' }, '/tmp/in.clean'),
    ).toEqual([
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-protocol_whitelist', 'file', '-f', 'mov', '-i', 'file:/tmp/in'],
      ...['-map', '0:V', '-map', '0:a?', '-c', 'copy'],
      ...['-metadata', 'location=', '-metadata:s:0', 'com.apple.quicktime.location.ISO6709='],
      ...['-movflags', 'use_metadata_tags', '-f', 'mov', 'file:/tmp/in.clean'],
    ]);
    expect(
      withoutLocationArgs('/tmp/in', 'webm', { locationTags: [], muxer: 'webm' }, '/tmp/out'),
    ).toEqual([
      ...['-v', 'error', '-nostdin', '-y'],
      ...['-protocol_whitelist', 'file', '-f', 'matroska', '-i', 'file:/tmp/in'],
      ...['-map', '0:V', '-map', '0:a?', '-c', 'copy', '-f', 'webm', 'file:/tmp/out'],
    ]);
  });
});
