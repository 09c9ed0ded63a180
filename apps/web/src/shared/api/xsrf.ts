import { XSRF_COOKIE } from '@photo/contract';

/** The XSRF token the server set as a cookie, to echo in the X-XSRF-TOKEN header. */
export function readXsrfToken(): string | null {
  const prefix = `${XSRF_COOKIE}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) {
      const value = cookie.slice(prefix.length);
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}
