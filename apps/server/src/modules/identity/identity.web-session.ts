import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/schema.js';
import type { AuthUser } from '../../lib/auth-user.js';
import type { Clock } from '../../lib/clock.js';
import { newSecret } from '../../lib/ids.js';
import type { SigningKeys } from '../../infra/signing-keys.js';
import { signIdToken } from './id-token.js';
import { sha256 } from './identity.context.js';
import { REFRESH_TOKEN_LIFETIME_MS } from './identity.sessions.js';

/**
 * The session cookie of a sign-in (decision 0099): it names the sign-in (its family of refresh
 * tokens) and holds a secret whose hash the sign-in's row keeps. Given at every sign-in and refresh
 * beside the tokens, it lets the server know who asks for a page (a document request carries no
 * idToken header), and nothing else: the API reads only the idToken header.
 */
export const WEB_SESSION_COOKIE = 'photo_session';

const LIFETIME_SECONDS = REFRESH_TOKEN_LIFETIME_MS / 1000;

/** A new secret for the sign-in's cookie, while the sign-in lives; null once it has ended. */
async function renewWebSession(db: Db, familyId: string): Promise<string | null> {
  const secret = newSecret();
  const result = await db
    .updateTable('identity_sign_ins')
    .set({ web_session_hash: sha256(secret) })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? `${familyId}.${secret}` : null;
}

function secure(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): boolean {
  return request.protocol === 'https' || (config.publicUrl ?? '').startsWith('https://');
}

/**
 * Sets the session cookie of the sign-in a refresh token belongs to, when an answer hands one out
 * (sign-up, sign-in by any way, refresh, password change).
 */
export async function giveWebSession(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
  refreshToken: string,
): Promise<void> {
  const row = await db
    .selectFrom('identity_refresh_tokens')
    .select('family_id')
    .where('token_hash', '=', sha256(refreshToken))
    .executeTakeFirst();
  const value = row ? await renewWebSession(db, row.family_id) : null;
  if (!value) return;
  void reply.setCookie(WEB_SESSION_COOKIE, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request, config),
    maxAge: LIFETIME_SECONDS,
  });
}

/** Tells the browser to drop the cookie (sign-out, account deletion). */
export function dropWebSession(
  config: Pick<Config, 'publicUrl'>,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (request.cookies[WEB_SESSION_COOKIE] === undefined) return;
  void reply.clearCookie(WEB_SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secure(request, config),
  });
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Who the session cookie of a page's request names: the account of a sign-in that has not ended
 * (signed out, password changed, account deleted or disabled) and was refreshed within a refresh
 * token's lifetime; null for anything else.
 */
export async function viewerOfWebSession(
  db: Db,
  clock: Clock,
  cookie: string | undefined,
): Promise<AuthUser | null> {
  const dot = cookie?.indexOf('.') ?? -1;
  if (!cookie || dot <= 0 || cookie.length > 200) return null;
  const familyId = cookie.slice(0, dot);
  const secret = cookie.slice(dot + 1);
  const row = await db
    .selectFrom('identity_sign_ins as s')
    .innerJoin('identity_accounts as a', 'a.uid', 's.uid')
    .leftJoin('users as u', 'u.id', 's.uid')
    .select([
      's.web_session_hash',
      's.created_at',
      's.last_refresh_at',
      's.revoked_at',
      'a.uid',
      'a.email',
      'a.email_verified',
      'u.disabled_at',
    ])
    .where('s.family_id', '=', familyId)
    .executeTakeFirst();
  if (!row?.web_session_hash || row.revoked_at || row.disabled_at) return null;
  if (!same(row.web_session_hash, sha256(secret))) return null;
  const lastUse = Date.parse(row.last_refresh_at ?? row.created_at);
  if (clock.now().getTime() - lastUse > REFRESH_TOKEN_LIFETIME_MS) return null;
  return {
    id: row.uid,
    email: row.email,
    emailVerified: row.email_verified === 1,
    authTime: Math.floor(Date.parse(row.created_at) / 1000),
  };
}

/**
 * An ID token of the viewer a session cookie named, for the API requests the server makes itself
 * to draw their page (decision 0100): it never leaves the process.
 */
export function innerIdToken(
  keys: SigningKeys,
  config: Pick<Config, 'auth'>,
  clock: Clock,
  viewer: AuthUser,
): Promise<string> {
  return signIdToken(
    keys,
    {
      uid: viewer.id,
      email: viewer.email,
      emailVerified: viewer.emailVerified,
      displayName: null,
      authTime: viewer.authTime ?? Math.floor(clock.now().getTime() / 1000),
    },
    { issuer: config.auth.issuer, audience: config.auth.audience, now: clock.now() },
  );
}
