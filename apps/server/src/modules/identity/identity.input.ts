import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '@photo/contract';
import { IdentityError } from './identity.errors.js';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address, trimmed and lower-cased; the protocol's error when missing or malformed. */
export function readEmail(value: unknown): string {
  if (value === undefined || value === null || value === '')
    throw new IdentityError('MISSING_EMAIL');
  if (typeof value !== 'string') throw new IdentityError('INVALID_EMAIL');
  const email = value.trim().toLowerCase();
  if (email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email))
    throw new IdentityError('INVALID_EMAIL');
  return email;
}

export function readPassword(value: unknown): string {
  if (value === undefined || value === null || value === '')
    throw new IdentityError('MISSING_PASSWORD');
  if (typeof value !== 'string' || value.length > PASSWORD_MAX)
    throw new IdentityError('INVALID_ARGUMENT');
  return value;
}

/** A password being set: long enough too. */
export function readNewPassword(value: unknown): string {
  const password = readPassword(value);
  if (password.length < PASSWORD_MIN) {
    throw new IdentityError('WEAK_PASSWORD : Password should be at least 8 characters');
  }
  return password;
}
