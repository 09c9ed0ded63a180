import fs from 'node:fs/promises';
import path from 'node:path';
import type { NotificationSettings } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createAlbumAs, errorOf } from '../../test/fixtures.js';
import { madeBeforeAll, signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { startSmtpPeer, type ReceivedMail } from '../../test/smtp-peer.js';
import { asVerified } from '../../test/verified-token.js';
import { runDigests, unsubscribeToken } from './digests.service.js';

const ORIGIN = 'https://photos.example.org';
const smtp = madeBeforeAll(startSmtpPeer);
const ctx = useTestContext(() => ({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN }));

const log = { warn: () => undefined };
const HOUR = 3600_000;

/** A signed-up person whose address is proven (their verified token has been seen once). */
async function verifiedPerson(name: string): Promise<TestUser> {
  const person = await asVerified(ctx, await signUp(ctx.app, { name }));
  expect((await ctx.api(person).me()).statusCode).toBe(200);
  return person;
}

/** An entry of the person's feed, as the activity module records it. */
async function addEntry(
  person: TestUser,
  albumId: string,
  entry: { kind: 'photosAdded' | 'comment' | 'like' | 'invitation'; actor: string; count?: number },
  minutesAgo = 1,
) {
  await ctx.deps.db
    .insertInto('activities')
    .values({
      id: newId(),
      user_id: person.uid,
      kind: entry.kind,
      album_id: albumId,
      photo_id: null,
      actor_id: null,
      actor_name: entry.actor,
      count: entry.count ?? 1,
      excerpt: entry.kind === 'comment' ? 'Lovely <light> & "shade"' : null,
      created_at: new Date(ctx.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
    })
    .execute();
}

/** The digests sent to the person (not the identity service's e-mails). */
const mailsTo = (person: TestUser) =>
  smtp.received.filter(
    (mail) => mail.to.includes(person.email.toLowerCase()) && /^List-Unsubscribe:/im.test(mail.raw),
  );

/** A header field of the message, unfolded. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The decoded body of the message's part of this type (quoted-printable or base64). */
function part(mail: ReceivedMail, type: 'text/plain' | 'text/html'): string {
  const sections = mail.raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const section = sections.find((s) => new RegExp(`^Content-Type: ${type}`, 'im').test(s));
  if (!section) throw new Error(`no ${type} part`);
  const [head, ...rest] = section.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) {
    return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head!)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

async function settingsOf(person: TestUser) {
  const res = await ctx.api(person).get<NotificationSettings>('/api/users/me/notifications');
  expect(res.statusCode).toBe(200);
  return res.json();
}

function setDigest(person: TestUser, digest: unknown) {
  return ctx.api(person).request<NotificationSettings>({
    method: 'PUT',
    url: '/api/users/me/notifications',
    payload: { digest },
  });
}

describe('notification settings', () => {
  it('are daily by default, change to off or hourly, and say the server sends e-mail', async () => {
    const ann = await verifiedPerson('Ann');
    expect(await settingsOf(ann)).toEqual({ digest: 'daily', mailConfigured: true });
    const changed = await setDigest(ann, 'hourly');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ digest: 'hourly', mailConfigured: true });
    expect(await settingsOf(ann)).toMatchObject({ digest: 'hourly' });
    const wrong = await setDigest(ann, 'weekly');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).field).toContain('digest');
    expect((await ctx.api(null).get('/api/users/me/notifications')).statusCode).toBe(401);
  });
});

describe('e-mail digests', () => {
  it('send a due person one e-mail of their entries, with one-click unsubscribe, and not again within the hour', async () => {
    const owner = await verifiedPerson('Olga');
    const bob = await verifiedPerson('Bob');
    const { album } = await createAlbumAs(ctx, owner, { name: 'Garden <b>"club"</b>' });
    expect((await setDigest(bob, 'hourly')).statusCode).toBe(200);
    await addEntry(bob, album.id, { kind: 'photosAdded', actor: 'Olga', count: 12 }, 5);
    await addEntry(bob, album.id, { kind: 'comment', actor: 'Ann' }, 2);

    const report = await runDigests(ctx.deps, log);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const [mail, ...others] = mailsTo(bob);
    expect(others).toHaveLength(0);
    expect(header(mail!, 'List-Unsubscribe')).toBe(
      `<${ORIGIN}/api/unsubscribe/${unsubscribeToken(ctx.deps.unsubscribeKey, bob.uid)}>`,
    );
    expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const text = part(mail!, 'text/plain');
    expect(text).toContain('Olga added 12 photos to Garden <b>"club"</b>');
    expect(text).toContain('Ann commented on your photo in Garden');
    expect(text).toContain(`${ORIGIN}/album/${album.id}`);
    const html = part(mail!, 'text/html');
    expect(html).toContain('Olga added 12 photos to Garden &lt;b&gt;&quot;club&quot;&lt;/b&gt;');
    expect(html).toContain('Lovely &lt;light&gt; &amp; &quot;shade&quot;');
    expect(html).not.toContain('<b>"club"');
    // What a mail program shows, kept for a look in a browser.
    if (process.env.DIGEST_MAIL_HTML) {
      await fs.mkdir(path.dirname(process.env.DIGEST_MAIL_HTML), { recursive: true });
      await fs.writeFile(process.env.DIGEST_MAIL_HTML, html);
    }

    // A new entry 10 minutes later: no second e-mail within the hour…
    ctx.clock.advance(10 * 60_000);
    await addEntry(bob, album.id, { kind: 'like', actor: 'Cem' }, 0);
    await runDigests(ctx.deps, log);
    expect(mailsTo(bob)).toHaveLength(1);
    // …but an hour after the first, one with only what is new.
    ctx.clock.advance(HOUR);
    await runDigests(ctx.deps, log);
    expect(mailsTo(bob)).toHaveLength(2);
    const second = part(mailsTo(bob)[1]!, 'text/plain');
    expect(second).toContain('Cem liked your photo in Garden');
    expect(second).not.toContain('Olga added 12 photos');
  });

  it("are written in the person's language: a German person's digest is German", async () => {
    const owner = await verifiedPerson('Olga');
    const greta = await verifiedPerson('Greta');
    const { album } = await createAlbumAs(ctx, owner, { name: 'Garten' });
    const set = await ctx.api(greta).request({
      method: 'PATCH',
      url: '/api/users/me/preferences',
      payload: { locale: 'de' },
    });
    expect(set.statusCode).toBe(200);
    await addEntry(greta, album.id, { kind: 'photosAdded', actor: 'Olga', count: 12 }, 5);
    await addEntry(greta, album.id, { kind: 'photosAdded', actor: 'Olga', count: 1 }, 3);
    await addEntry(greta, album.id, { kind: 'like', actor: 'Cem' }, 2);
    await runDigests(ctx.deps, log);
    const [mail] = mailsTo(greta);
    const text = part(mail!, 'text/plain');
    expect(text).toContain('Hallo Greta,');
    expect(text).toContain('Das ist in Ihren Alben passiert:');
    expect(text).toContain('Olga hat 12 Fotos zu Garten hinzugefügt');
    expect(text).toContain('Olga hat ein Foto zu Garten hinzugefügt');
    expect(text).toContain('Cem gefällt Ihr Foto in Garten');
    expect(text).toContain('Sie erhalten diese Zusammenfassung höchstens einmal am Tag.');
    const html = part(mail!, 'text/html');
    expect(html).toContain('>Häufigkeit ändern</a> oder <a href=');
    expect(html).toContain('>diese E-Mails abbestellen</a>.');
  });

  it('send nothing to a person who turned them off, nor entries they marked read', async () => {
    const owner = await verifiedPerson('Olga');
    const off = await verifiedPerson('Otto');
    const reader = await verifiedPerson('Rita');
    const { album } = await createAlbumAs(ctx, owner, { name: 'Trip' });
    expect((await setDigest(off, 'off')).statusCode).toBe(200);
    await addEntry(off, album.id, { kind: 'photosAdded', actor: 'Olga', count: 3 });
    await addEntry(reader, album.id, { kind: 'photosAdded', actor: 'Olga', count: 3 });
    await ctx.deps.db
      .updateTable('users')
      .set({ activity_read_at: ctx.clock.now().toISOString() })
      .where('id', '=', reader.uid)
      .execute();
    await runDigests(ctx.deps, log);
    expect(mailsTo(off)).toHaveLength(0);
    expect(mailsTo(reader)).toHaveLength(0);
  });

  it('leave out an album the person was removed from', async () => {
    const owner = await verifiedPerson('Olga');
    const dan = await verifiedPerson('Dan');
    const kept = await createAlbumAs(ctx, owner, { name: 'Kept album' });
    const left = await createAlbumAs(ctx, owner, { name: 'Secret party' });
    for (const { album } of [kept, left]) {
      expect(
        (await ctx.api(owner).setVisibility(album.id, { visibility: 'invited' })).statusCode,
      ).toBe(200);
      const invited = await ctx
        .api(owner)
        .invite(album.id, { emailAddress: dan.email, role: 'viewer' });
      expect(invited.statusCode).toBe(201);
      await addEntry(dan, album.id, { kind: 'photosAdded', actor: 'Olga', count: 2 });
    }
    expect((await ctx.api(owner).removeMember(left.album.id, dan.uid)).statusCode).toBe(204);
    await runDigests(ctx.deps, log);
    const [mail] = mailsTo(dan);
    const text = part(mail!, 'text/plain');
    expect(text).toContain('Olga added 2 photos to Kept album');
    expect(text).not.toContain('Secret party');
    expect(mail!.raw).not.toContain('Secret party');
  });

  it('two runs at once send one e-mail', async () => {
    const owner = await verifiedPerson('Olga');
    const eve = await verifiedPerson('Eve');
    const { album } = await createAlbumAs(ctx, owner, { name: 'Race' });
    await addEntry(eve, album.id, { kind: 'photosAdded', actor: 'Olga', count: 4 });
    const reports = await Promise.all([runDigests(ctx.deps, log), runDigests(ctx.deps, log)]);
    expect(mailsTo(eve)).toHaveLength(1);
    expect(reports.map((r) => r.failed)).toEqual([0, 0]);
  });
});

describe('unsubscribe links', () => {
  it('a GET asks first and changes nothing; the one-click POST turns digests off', async () => {
    const fay = await verifiedPerson('Fay');
    const url = `/api/unsubscribe/${unsubscribeToken(ctx.deps.unsubscribeKey, fay.uid)}`;
    const page = await ctx.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Stop e-mail summaries');
    expect(await settingsOf(fay)).toMatchObject({ digest: 'daily' });

    // As a mail client sends it (RFC 8058): form-encoded, no idToken, a cookie of the site but no XSRF header.
    const posted = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'XSRF-TOKEN=abc' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(await settingsOf(fay)).toMatchObject({ digest: 'off' });
  });

  it('a forged or altered token is refused with 404 and changes nothing', async () => {
    const gus = await verifiedPerson('Gus');
    const real = unsubscribeToken(ctx.deps.unsubscribeKey, gus.uid);
    const forged = [
      `${Buffer.from(gus.uid).toString('base64url')}.${'A'.repeat(43)}`,
      unsubscribeToken(Buffer.alloc(32, 7), gus.uid),
      `${real}x`,
      'not-a-token',
    ];
    for (const token of forged) {
      const res = await ctx.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}` });
      expect(res.statusCode, `${token}: ${res.body}`).toBe(404);
      expect(errorOf(res).code).toBe('LINK_NOT_FOUND');
    }
    expect(await settingsOf(gus)).toMatchObject({ digest: 'daily' });
  });
});
