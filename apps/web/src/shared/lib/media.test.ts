import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  mediaName,
  mediaNameWith,
  refetchWhileMaking,
  spokenDuration,
  PROCESSING_REFETCH_MS,
} from './media';

const video = (durationMs: number, state: 'processing' | 'ready' | 'failed' = 'ready') => ({
  kind: 'video' as const,
  video: { durationMs, state },
});

describe('formatDuration', () => {
  it('writes a length as a player does: minutes and seconds, hours once there are any', () => {
    expect(formatDuration(42_000)).toBe('0:42');
    expect(formatDuration(62_000)).toBe('1:02');
    expect(formatDuration(12 * 60_000 + 5_000)).toBe('12:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(10 * 3_600_000)).toBe('10:00:00');
  });

  it('rounds to the nearest second, and says a very short video lasts one', () => {
    expect(formatDuration(41_600)).toBe('0:42');
    expect(formatDuration(59_500)).toBe('1:00');
    expect(formatDuration(200)).toBe('0:01');
    expect(formatDuration(0)).toBe('0:00');
  });
});

describe('spokenDuration', () => {
  it('says a length in words, leaving out the parts that are zero', () => {
    expect(spokenDuration(42_000)).toBe('42 seconds');
    expect(spokenDuration(1_000)).toBe('1 second');
    expect(spokenDuration(62_000)).toBe('1 minute 2 seconds');
    expect(spokenDuration(120_000)).toBe('2 minutes');
    expect(spokenDuration(3_723_000)).toBe('1 hour 2 minutes 3 seconds');
    expect(spokenDuration(3_603_000)).toBe('1 hour 3 seconds');
    expect(spokenDuration(0)).toBe('0 seconds');
  });
});

describe('mediaName', () => {
  it('names what an item is, a video with its length', () => {
    expect(mediaName({ kind: 'photo', video: null })).toBe('Photo');
    expect(mediaName({ kind: 'livePhoto', video: { durationMs: 2_500, state: 'ready' } })).toBe(
      'Live Photo',
    );
    expect(mediaName(video(42_000))).toBe('Video, 42 seconds');
    expect(mediaName(video(42_000, 'processing'))).toBe('Video, being prepared');
    expect(mediaName(video(3_723_000, 'failed'))).toBe('Video, 1 hour 2 minutes 3 seconds');
  });

  it('reads on into the rest of a name with a comma after a length', () => {
    expect(mediaNameWith({ kind: 'photo', video: null }, 'by Ann')).toBe('Photo by Ann');
    expect(mediaNameWith(video(42_000), 'by Ann')).toBe('Video, 42 seconds, by Ann');
  });
});

describe('refetchWhileMaking', () => {
  const picture = (ready: boolean) => ({ kind: 'photo' as const, video: null, ready });
  it('asks again soon for pictures being made, less often for videos being prepared', () => {
    expect(refetchWhileMaking([picture(true), picture(false)], 2000)).toBe(2000);
    expect(
      refetchWhileMaking([picture(true), { ...video(1, 'processing'), ready: true }], 2000),
    ).toBe(PROCESSING_REFETCH_MS);
    expect(refetchWhileMaking([picture(true), { ...video(1), ready: true }], 2000)).toBe(false);
    expect(refetchWhileMaking([picture(false)], false)).toBe(false);
  });
});
