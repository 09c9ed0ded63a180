import type { SsoError } from '@photo/contract';

/** A refused single sign-on: its stable code and HTTP status. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoError,
    readonly statusCode: number,
  ) {
    super(code);
    this.name = 'SsoRefusal';
  }
}

/** What the service logs of refusals. */
export interface SsoLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}
