import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DigestFrequency, NotificationSettings } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import type { MailLog, MailMessage } from '../../infra/mailer.js';
import { escapeHtml } from '../../lib/html.js';
import { AppError } from '../../lib/errors.js';
import { mailLocale, mailTexts, type MailLocale } from '../../lib/mail-texts/mail-texts.js';
import { listDigestEntries, type DigestEntryRow } from '../activity/activity.repository.js';
import {
  claimDigest,
  findDigestSetting,
  findDueDigests,
  releaseDigest,
  setDigestSetting,
  type DigestCandidate,
} from './digests.repository.js';

type DigestDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'unsubscribeKey'>;

/** Entries one e-mail lists; it says how many more there are beyond. */
export const DIGEST_ENTRIES_MAX = 20;
/** People one run takes at most; the next run takes the rest. */
const DUE_BATCH = 200;
/** Where an unsubscribe link points: POST (one-click, RFC 8058) or GET (a page asking first). */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe/';

const userNotFound = () => new AppError('USER_NOT_FOUND', 'No such user.');

/** Whether digests can go out: an SMTP server to send through and the origin their links name. */
export function digestsPossible(deps: Pick<AppDeps, 'config' | 'mailer'>): boolean {
  return deps.mailer.configured && Boolean(deps.config.publicUrl);
}

export async function getNotificationSettings(
  deps: DigestDeps,
  userId: string,
): Promise<NotificationSettings> {
  const digest = await findDigestSetting(deps.db, userId);
  if (!digest) throw userNotFound();
  return { digest, mailConfigured: digestsPossible(deps) };
}

export async function setNotificationSettings(
  deps: DigestDeps,
  userId: string,
  digest: DigestFrequency,
): Promise<NotificationSettings> {
  if (!(await setDigestSetting(deps.db, userId, digest))) throw userNotFound();
  return { digest, mailConfigured: digestsPossible(deps) };
}

// Unsubscribe tokens: the user id and an HMAC of it, so a link works without any stored state and
// cannot be made for another person. It does not expire: a mail client may act on an old e-mail.

const mac = (key: Buffer, userId: string) =>
  createHmac('sha256', key).update(`unsubscribe\n${userId}`).digest('base64url');

export function unsubscribeToken(key: Buffer, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(key, userId)}`;
}

/** The user id a token was made for, or null when it was not made by unsubscribeToken. */
export function verifyUnsubscribeToken(key: Buffer, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (!userId || Buffer.from(userId).toString('base64url') !== match[1]) return null;
  const expected = Buffer.from(mac(key, userId));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

const invalidToken = () =>
  new AppError('LINK_NOT_FOUND', 'This unsubscribe link does not work: it may be incomplete.');

/** The person's setting, for the page a GET of the unsubscribe link shows. */
export async function unsubscribeStatus(deps: DigestDeps, token: string): Promise<DigestFrequency> {
  const userId = verifyUnsubscribeToken(deps.unsubscribeKey, token);
  const digest = userId ? await findDigestSetting(deps.db, userId) : undefined;
  if (!digest) throw invalidToken();
  return digest;
}

/** One click: no more digests for the person the token names. */
export async function unsubscribe(deps: DigestDeps, token: string): Promise<void> {
  const userId = verifyUnsubscribeToken(deps.unsubscribeKey, token);
  if (!userId || !(await setDigestSetting(deps.db, userId, 'off'))) throw invalidToken();
}

// The e-mail.

/** What an entry says, in one line ("Bob added 12 photos to Trip"), in `locale`. */
export function entrySentence(entry: DigestEntryRow, locale: MailLocale = 'en'): string {
  const values = { actor: entry.actor_name, album: entry.album_name, count: entry.count };
  return mailTexts(locale)(`digest.${entry.kind}`, values);
}

function entryLink(origin: string, entry: DigestEntryRow): string {
  return entry.photo_id && (entry.kind === 'comment' || entry.kind === 'like')
    ? `${origin}/photo/${encodeURIComponent(entry.photo_id)}`
    : `${origin}/album/${encodeURIComponent(entry.album_id)}`;
}

const footerLink = (href: string, chunks: string[]) =>
  `<a href="${escapeHtml(href)}" style="color:#6c757d">${escapeHtml(chunks.join(''))}</a>`;

/** The digest e-mail: text and simple HTML, with the one-click unsubscribe header fields. */
export function digestMail(
  deps: Pick<AppDeps, 'unsubscribeKey'>,
  origin: string,
  person: Pick<DigestCandidate, 'id' | 'name' | 'verified_email' | 'digest'> &
    Partial<Pick<DigestCandidate, 'locale'>>,
  entries: DigestEntryRow[],
  total: number,
): MailMessage {
  const locale = mailLocale(person.locale);
  const say = mailTexts(locale);
  const sentence = (entry: DigestEntryRow) => entrySentence(entry, locale);
  const unsubscribeUrl = `${origin}${UNSUBSCRIBE_PATH}${unsubscribeToken(deps.unsubscribeKey, person.id)}`;
  const settingsUrl = `${origin}/profile/${encodeURIComponent(person.id)}`;
  const more = total - entries.length;
  const subject =
    total === 1 && entries[0] ? sentence(entries[0]) : say('digest.subject', { count: total });
  const frequency = say('digest.frequency', { frequency: person.digest });
  const lines = entries.map((entry) => {
    const excerpt = entry.excerpt ? `: “${entry.excerpt}”` : '';
    return `- ${sentence(entry)}${excerpt}\n  ${entryLink(origin, entry)}`;
  });
  const text = [
    say('digest.greeting', { name: person.name }),
    '',
    say('digest.intro'),
    '',
    ...lines,
    ...(more > 0 ? ['', `${say('digest.more', { count: more })}: ${origin}/`] : []),
    '',
    `${frequency} ${say('digest.changeText', { link: settingsUrl })}`,
    say('digest.stopText', { link: unsubscribeUrl }),
  ].join('\n');
  const items = entries
    .map((entry) => {
      const excerpt = entry.excerpt
        ? `<br><span style="color:#555">“${escapeHtml(entry.excerpt)}”</span>`
        : '';
      return (
        `<li style="margin:0 0 12px"><a href="${escapeHtml(entryLink(origin, entry))}" ` +
        `style="color:#0a58ca">${escapeHtml(sentence(entry))}</a>${excerpt}</li>`
      );
    })
    .join('');
  const html =
    '<!doctype html><html><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(subject)}</title></head>` +
    '<body style="margin:0;padding:24px 16px;background:#f6f7f9;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#212529">' +
    '<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:24px">' +
    `<p style="margin:0 0 16px">${escapeHtml(say('digest.greeting', { name: person.name }))}</p>` +
    `<p style="margin:0 0 16px">${escapeHtml(say('digest.intro'))}</p>` +
    `<ul style="padding-left:20px;margin:0 0 16px">${items}</ul>` +
    (more > 0
      ? `<p style="margin:0 0 16px"><a href="${escapeHtml(origin)}/" style="color:#0a58ca">${escapeHtml(say('digest.more', { count: more }))}</a></p>`
      : '') +
    `<p style="margin:24px 0 0;font-size:13px;color:#6c757d">${escapeHtml(frequency)} ` +
    say('digest.changeOrStop', {
      change: (chunks) => footerLink(settingsUrl, chunks),
      stop: (chunks) => footerLink(unsubscribeUrl, chunks),
    }) +
    '</p>' +
    '</div></body></html>';
  return {
    to: person.verified_email,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface DigestRunReport {
  sent: number;
  failed: number;
}

/**
 * One pass: every person whose digest is due gets one e-mail of their pending entries, if this
 * run takes them first (claimDigest): runs on several instances at once send each e-mail once.
 * A failed send gives the claim back, so the next run tries again.
 */
export async function runDigests(deps: DigestDeps, log: MailLog): Promise<DigestRunReport> {
  const origin = deps.config.publicUrl;
  if (!digestsPossible(deps) || !origin) return { sent: 0, failed: 0 };
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const report: DigestRunReport = { sent: 0, failed: 0 };
  for (const person of await findDueDigests(deps.db, now, DUE_BATCH)) {
    if (!(await claimDigest(deps.db, person.id, person.digest_sent_at, nowIso))) continue;
    const after = [person.activity_read_at, person.digest_sent_at]
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1);
    const { entries, total } = await listDigestEntries(
      deps.db,
      person.id,
      after ?? null,
      nowIso,
      DIGEST_ENTRIES_MAX,
    );
    // Only entries of albums they no longer see: nothing to tell, and the claim stands.
    if (entries.length === 0) continue;
    try {
      await deps.mailer.send(digestMail(deps, origin, person, entries, total), log);
      report.sent += 1;
    } catch (error) {
      report.failed += 1;
      log.warn({ err: error, userId: person.id }, 'digest e-mail not sent; will try again');
      await releaseDigest(deps.db, person.id, nowIso, person.digest_sent_at);
    }
  }
  return report;
}
