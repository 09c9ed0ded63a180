import { describe, expect, it } from 'vitest';
import { decideAccess, type Permission } from './access.js';

const owner = { id: 'owner-1', email: 'owner@example.com', emailVerified: true };
const other = { id: 'other-1', email: 'other@example.com', emailVerified: false };
const album = { owner_id: owner.id };

describe('decideAccess', () => {
  it.each<Permission>([
    'album.read',
    'album.update',
    'album.delete',
    'album.addPhoto',
    'album.removePhoto',
    'file.attach',
  ])('lets the owner %s', (permission) => {
    expect(decideAccess(owner, permission, album)).toBe('allowed');
  });

  it('lets any other signed-in user see an album, and nothing more', () => {
    expect(decideAccess(other, 'album.read', album)).toBe('allowed');
    for (const permission of [
      'album.update',
      'album.delete',
      'album.addPhoto',
      'album.removePhoto',
    ] as const) {
      expect(decideAccess(other, permission, album)).toBe('forbidden');
    }
  });

  it("refuses another user's file", () => {
    expect(decideAccess(other, 'file.attach', { owner_id: owner.id })).toBe('forbidden');
  });
});
