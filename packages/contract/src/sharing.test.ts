import { describe, expect, it } from 'vitest';
import { EMAIL_MAX } from './limits.js';
import { inviteRequestSchema, setVisibilityRequestSchema } from './sharing.js';

describe('sharing request schemas', () => {
  it('trim the invited address and take the two roles', () => {
    expect(
      inviteRequestSchema.parse({ emailAddress: '  ann@example.com ', role: 'contributor' }),
    ).toEqual({ emailAddress: 'ann@example.com', role: 'contributor' });
    expect(inviteRequestSchema.parse({ emailAddress: 'b@example.org', role: 'viewer' }).role).toBe(
      'viewer',
    );
  });

  it.each([
    ['not an address', { emailAddress: 'ann', role: 'viewer' }, 'emailAddress'],
    ['an empty address', { emailAddress: '  ', role: 'viewer' }, 'emailAddress'],
    [
      'a too long address',
      { emailAddress: `${'a'.repeat(EMAIL_MAX)}@example.com`, role: 'viewer' },
      'emailAddress',
    ],
    ['an unknown role', { emailAddress: 'ann@example.com', role: 'owner' }, 'role'],
  ])('refuse %s', (_case, body, field) => {
    const result = inviteRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  it('take the three visibilities only', () => {
    for (const visibility of ['everyone', 'invited', 'owner']) {
      expect(setVisibilityRequestSchema.safeParse({ visibility }).success).toBe(true);
    }
    expect(setVisibilityRequestSchema.safeParse({ visibility: 'public' }).success).toBe(false);
  });
});
