import { IDENTITY_BASE_PATH } from '@photo/contract';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

const identityBase = trimSlash(import.meta.env.VITE_IDENTITY_BASE_URL || IDENTITY_BASE_PATH);

/** Where the identity service is. The defaults point at the service embedded in our server. */
export const identityConfig = {
  baseUrl: identityBase,
  tokenUrl: import.meta.env.VITE_IDENTITY_TOKEN_URL || `${identityBase}/token`,
  apiKey: import.meta.env.VITE_IDENTITY_API_KEY || undefined,
} as const;
