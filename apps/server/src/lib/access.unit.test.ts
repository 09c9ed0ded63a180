import { describe, expect, it } from 'vitest';
import {
  ALBUM_PERMISSIONS as ALL,
  LINK_VISITOR,
  decideAccess,
  decideFileAccess,
  type AlbumPermission,
  type AlbumVisibility,
  type MemberRole,
} from './access.js';

const owner = { id: 'owner-1', email: 'owner@example.com', emailVerified: true };
const other = { id: 'other-1', email: 'other@example.com', emailVerified: false };

const album = (visibility: AlbumVisibility, member_role: MemberRole | null = null) => ({
  owner_id: owner.id,
  visibility,
  member_role,
});

/** The permissions a decision allows, for every permission. */
function allowed(decide: (permission: AlbumPermission) => string) {
  return ALL.filter((permission) => decide(permission) === 'allowed');
}

describe('decideAccess', () => {
  it.each<AlbumVisibility>(['everyone', 'invited', 'owner'])(
    'lets the owner do everything but leave, whatever the visibility (%s)',
    (visibility) => {
      expect(allowed((p) => decideAccess(owner, p, album(visibility)))).toEqual(
        ALL.filter((p) => p !== 'album.leave'),
      );
    },
  );

  it('lets any signed-in user see and comment on an album seen by everyone, and nothing more', () => {
    expect(allowed((p) => decideAccess(other, p, album('everyone')))).toEqual([
      'album.read',
      'album.comment',
    ]);
    expect(decideAccess(other, 'album.share', album('everyone'))).toBe('forbidden');
  });

  it('hides an album seen by invited people or by its owner from a non-member', () => {
    for (const visibility of ['invited', 'owner'] as const) {
      for (const permission of ALL) {
        expect(decideAccess(other, permission, album(visibility))).toBe('hidden');
      }
    }
  });

  it('gives a contributor read, add, delete-own, comment and leave; a viewer read, comment, leave', () => {
    for (const visibility of ['everyone', 'invited'] as const) {
      expect(allowed((p) => decideAccess(other, p, album(visibility, 'contributor')))).toEqual([
        'album.read',
        'album.addPhoto',
        'album.removeOwnPhoto',
        'album.comment',
        'album.leave',
      ]);
      expect(allowed((p) => decideAccess(other, p, album(visibility, 'viewer')))).toEqual([
        'album.read',
        'album.comment',
        'album.leave',
      ]);
    }
  });

  it('hides an "only me" album from its members too', () => {
    expect(decideAccess(other, 'album.read', album('owner', 'contributor'))).toBe('hidden');
  });

  it('lets a link visitor only read, and not an "only me" album', () => {
    expect(allowed((p) => decideAccess(LINK_VISITOR, p, album('invited')))).toEqual(['album.read']);
    expect(decideAccess(LINK_VISITOR, 'album.read', album('owner'))).toBe('hidden');
  });
});

describe('decideFileAccess', () => {
  it('lets a user attach their own file only', () => {
    expect(decideFileAccess(owner, 'file.attach', { owner_id: owner.id })).toBe('allowed');
    expect(decideFileAccess(other, 'file.attach', { owner_id: owner.id })).toBe('forbidden');
  });
});
