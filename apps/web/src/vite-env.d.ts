/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the identity service (Identity Toolkit protocol). Default: /identity/v1. */
  readonly VITE_IDENTITY_BASE_URL?: string;
  /** Address of the token (refresh) endpoint. Default: the base address + /token. */
  readonly VITE_IDENTITY_TOKEN_URL?: string;
  /** API key appended as ?key= (needed by Google's hosted service, ignored by the embedded one). */
  readonly VITE_IDENTITY_API_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
