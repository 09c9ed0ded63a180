import type { IdentityErrorBody, IdentityErrorMessage } from '@photo/contract';

/** An error of the identity protocol: answered as {"error":{"code":status,"message":…}}. */
export class IdentityError extends Error {
  readonly statusCode: number;
  constructor(
    readonly protocolMessage: IdentityErrorMessage,
    statusCode = 400,
  ) {
    super(protocolMessage);
    this.name = 'IdentityError';
    this.statusCode = statusCode;
  }
}

export function identityErrorBody(status: number, message: string): IdentityErrorBody {
  return {
    error: {
      code: status,
      message,
      errors: [
        { message, domain: 'global', reason: status === 429 ? 'rateLimitExceeded' : 'invalid' },
      ],
    },
  };
}
