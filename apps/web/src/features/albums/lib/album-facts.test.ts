import { describe, expect, it } from 'vitest';
import { formatDateRange } from '../../../shared/lib/format-date';
import { albumFactsLine } from './album-facts';

/** ICU puts thin spaces around the range's dash; the tests read them as spaces. */
const plain = (text: string | null) => text?.replace(/[\u2009\u202f\u00a0]/g, ' ') ?? null;

describe('formatDateRange', () => {
  it('says one day once', () => {
    expect(plain(formatDateRange('2024-03-12T08:00:00Z', '2024-03-12T19:30:00Z', 'en-GB'))).toBe(
      '12 Mar 2024',
    );
    expect(plain(formatDateRange('2024-03-12T08:00:00Z', '2024-03-12T08:00:00Z', 'en-US'))).toBe(
      'Mar 12, 2024',
    );
  });

  it('gives the days of one month, the month and year once', () => {
    expect(plain(formatDateRange('2024-03-03T10:00:00Z', '2024-03-12T10:00:00Z', 'en-GB'))).toBe(
      '3 – 12 Mar 2024',
    );
    expect(plain(formatDateRange('2024-03-03T10:00:00Z', '2024-03-12T10:00:00Z', 'en-US'))).toBe(
      'Mar 3 – 12, 2024',
    );
  });

  it('gives only the months within one year', () => {
    expect(plain(formatDateRange('2024-03-03T10:00:00Z', '2024-06-20T10:00:00Z', 'en-GB'))).toBe(
      'Mar – Jun 2024',
    );
  });

  it('gives month and year at each end across years', () => {
    expect(plain(formatDateRange('2023-12-24T20:00:00Z', '2024-02-01T10:00:00Z', 'en-GB'))).toBe(
      'Dec 2023 – Feb 2024',
    );
  });

  it('reads the dates in UTC, as the camera clock is kept', () => {
    // 23:30 UTC on the 31st is still March, wherever the reader is.
    expect(plain(formatDateRange('2024-03-01T00:10:00Z', '2024-03-31T23:30:00Z', 'en-GB'))).toBe(
      '1 – 31 Mar 2024',
    );
  });

  it('is null without dates, and one date when only one is known', () => {
    expect(formatDateRange(null, null, 'en-GB')).toBeNull();
    expect(formatDateRange('not a date', null, 'en-GB')).toBeNull();
    expect(plain(formatDateRange(null, '2024-03-12T08:00:00Z', 'en-GB'))).toBe('12 Mar 2024');
  });

  it('puts the earlier date first whatever the order given', () => {
    expect(plain(formatDateRange('2024-06-20T10:00:00Z', '2024-03-03T10:00:00Z', 'en-GB'))).toBe(
      'Mar – Jun 2024',
    );
  });
});

describe('albumFactsLine', () => {
  const dates = { firstPhotoDate: '2024-03-03T10:00:00Z', lastPhotoDate: '2024-06-20T10:00:00Z' };

  it('gives the count and the span: "12 photos · Mar – Jun 2024"', () => {
    expect(plain(albumFactsLine({ photoCount: 12, ...dates }, 'en-GB'))).toBe(
      '12 photos · Mar – Jun 2024',
    );
  });

  it('says "1 photo" for one', () => {
    expect(
      plain(
        albumFactsLine(
          {
            photoCount: 1,
            firstPhotoDate: '2024-03-12T08:00:00Z',
            lastPhotoDate: '2024-03-12T08:00:00Z',
          },
          'en-GB',
        ),
      ),
    ).toBe('1 photo · 12 Mar 2024');
  });

  it('says "No photos yet" for an album without photos', () => {
    expect(albumFactsLine({ photoCount: 0, firstPhotoDate: null, lastPhotoDate: null })).toBe(
      'No photos yet',
    );
  });
});
