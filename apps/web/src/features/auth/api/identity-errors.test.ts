import { IDENTITY_ERRORS } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { describeIdentityError } from './identity-errors';

describe('identity error wording', () => {
  it.each([
    ['EMAIL_EXISTS', 'An account with this e-mail address already exists.'],
    ['INVALID_EMAIL', 'That e-mail address is not valid. Check it and try again.'],
    ['MISSING_EMAIL', 'Enter your e-mail address.'],
    ['MISSING_PASSWORD', 'Enter your password.'],
    [
      'WEAK_PASSWORD : Password should be at least 8 characters',
      'That password is too weak: use at least 8 characters.',
    ],
    ['INVALID_LOGIN_CREDENTIALS', 'The e-mail address or password is not right.'],
    ['TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many attempts. Wait a few minutes, then try again.'],
    ['INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.'],
    ['TOKEN_EXPIRED', 'Your session has ended. Please sign in again.'],
  ])('%s → %s', (code, words) => {
    expect(describeIdentityError(code)).toBe(words);
  });

  it('reads the code of a message with details after " : "', () => {
    expect(
      describeIdentityError('TOO_MANY_ATTEMPTS_TRY_LATER : Access has been disabled for now.'),
    ).toBe('Too many attempts. Wait a few minutes, then try again.');
  });

  it('has a generic sentence for codes it does not know', () => {
    expect(describeIdentityError('SOMETHING_NEW')).toBe(
      'Signing in did not work. Please try again.',
    );
  });

  it('never shows a provider code as it is', () => {
    for (const message of IDENTITY_ERRORS) {
      expect(describeIdentityError(message)).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    }
  });
});
