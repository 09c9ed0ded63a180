import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-size';

describe('formatFileSize', () => {
  it('counts in decimal units, one decimal from megabytes', () => {
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(820)).toBe('820 bytes');
    expect(formatFileSize(48_200)).toBe('48 kB');
    expect(formatFileSize(2_400_000)).toBe('2.4 MB');
    expect(formatFileSize(2_449_999)).toBe('2.4 MB');
    expect(formatFileSize(12_000_000)).toBe('12 MB');
    expect(formatFileSize(1_230_000_000)).toBe('1.2 GB');
  });

  it('moves to the next unit rather than say "1000 kB"', () => {
    expect(formatFileSize(999_700)).toBe('1 MB');
  });
});
