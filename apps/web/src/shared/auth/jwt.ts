/** Reads the payload of a JWT without verifying it (the server verifies; the client only reads). */
export function decodeTokenPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The user id a token was issued for (`sub`, as Firebase and OIDC tokens have it). */
export function decodeTokenSubject(token: string): string | null {
  const sub = decodeTokenPayload(token)?.sub;
  return typeof sub === 'string' && sub ? sub : null;
}
