import { describe, expect, it } from 'vitest';
import { FILE_ID_PATTERN, newFileId, newSecret } from './ids.js';

describe('random ids and secrets', () => {
  it('are never handed out twice, across many draws of the random pool', () => {
    // 20,000 secrets of 32 bytes and file ids of 16 take the 8 KiB pool over a hundred times.
    const secrets = new Set(Array.from({ length: 20_000 }, () => newSecret()));
    const fileIds = new Set(Array.from({ length: 20_000 }, () => newFileId()));
    expect(secrets.size).toBe(20_000);
    expect(fileIds.size).toBe(20_000);
    for (const id of fileIds) expect(id).toMatch(FILE_ID_PATTERN);
    for (const secret of secrets) expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('do not share bytes: no secret holds a part of another', () => {
    // Two secrets drawn one after the other come from neighbouring bytes of the pool.
    const first = Buffer.from(newSecret(), 'base64url');
    const second = Buffer.from(newSecret(), 'base64url');
    expect(first).toHaveLength(32);
    expect(second).toHaveLength(32);
    expect(second.subarray(0, 16).equals(first.subarray(16))).toBe(false);
    expect(first.equals(second)).toBe(false);
  });
});
