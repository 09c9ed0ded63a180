import { createHash } from 'node:crypto';

/** The SHA-256 of bytes, in hex: to compare what a store gives back with what was sent. */
export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
