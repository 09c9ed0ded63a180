import type { Preferences } from '@photo/contract';
import { describe, expect, it } from 'vitest';
import { createAlbumAs, errorOf } from '../../test/fixtures.js';
import { madeBeforeAll, signUp, type TestUser, useTestContext } from '../../test/harness.js';
import { startSmtpPeer, type ReceivedMail } from '../../test/smtp-peer.js';
import { asVerified } from '../../test/verified-token.js';

const smtp = madeBeforeAll(startSmtpPeer);
const ctx = useTestContext(() => ({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://photos.example.org',
}));

function setLocale(person: TestUser | null, locale: unknown) {
  return ctx.api(person).request<Preferences>({
    method: 'PATCH',
    url: '/api/users/me/preferences',
    payload: { locale },
  });
}

/** The subject, decoded from its RFC 2047 encoded words. */
function subjectOf(mail: ReceivedMail): string {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head
    .split(/\r?\n/)
    .find((l) => /^subject:/i.test(l))!
    .slice(8)
    .trim();
  return line
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_n, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** The text body, decoded (quoted-printable or base64). */
function textOf(mail: ReceivedMail): string {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head!)) {
    return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  }
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The e-mails to an address whose subject matches, waiting for `count` of them. */
async function mailsTo(email: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = smtp.received.filter(
      (mail) => mail.to.includes(email.toLowerCase()) && subject.test(subjectOf(mail)),
    );
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('preferences', () => {
  it('start without a language, take one of the four, refuse others and strangers', async () => {
    const ann = await signUp(ctx.app);
    const read = await ctx.api(ann).get<Preferences>('/api/users/me/preferences');
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ locale: null });
    const set = await setLocale(ann, 'de');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ locale: 'de' });
    expect((await ctx.api(ann).get<Preferences>('/api/users/me/preferences')).json()).toEqual({
      locale: 'de',
    });
    const wrong = await setLocale(ann, 'xx');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).field).toContain('locale');
    expect((await ctx.api(ann).get<Preferences>('/api/users/me/preferences')).json()).toEqual({
      locale: 'de',
    });
    expect((await setLocale(null, 'fr')).statusCode).toBe(401);
  });
});

describe("e-mails in the recipient's language", () => {
  it("a German person's password reset e-mail is German", async () => {
    const greta = await signUp(ctx.app, { name: 'Greta' });
    expect((await setLocale(greta, 'de')).statusCode).toBe(200);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/identity/v1/accounts:sendOobCode',
      payload: { requestType: 'PASSWORD_RESET', email: greta.email },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await mailsTo(greta.email, /Passwort/);
    expect(subjectOf(mail!)).toBe('Passwort zurücksetzen');
    const text = textOf(mail!);
    expect(text).toContain(
      `das Passwort Ihres Kontos (${greta.email.toLowerCase()}) zurückzusetzen`,
    );
    expect(text).toContain('Ihr Passwort bleibt unverändert');
    expect(text).toMatch(/mode=3DresetPassword|mode=resetPassword/);
  });

  it('an address verification asked for in French (X-Firebase-Locale) is French, else English', async () => {
    const signUpIn = async (locale?: string) => {
      const email = `lang-${locale ?? 'none'}-${Date.now()}@example.com`;
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:signUp',
        headers: locale ? { 'x-firebase-locale': locale } : {},
        payload: { email, password: 'correct horse battery', returnSecureToken: true },
      });
      expect(res.statusCode).toBe(200);
      const { idToken } = res.json<{ idToken: string }>();
      await ctx.app.inject({
        method: 'POST',
        url: '/identity/v1/accounts:sendOobCode',
        headers: locale ? { 'x-firebase-locale': locale } : {},
        payload: { requestType: 'VERIFY_EMAIL', idToken },
      });
      return email;
    };
    const french = await signUpIn('fr-CA');
    const [frMail] = await mailsTo(french, /Confirmez/);
    expect(subjectOf(frMail!)).toBe('Confirmez votre adresse e-mail');
    expect(textOf(frMail!)).toContain(
      `Pour confirmer que ${french.toLowerCase()} est bien votre adresse`,
    );
    const plain = await signUpIn();
    const [enMail] = await mailsTo(plain, /Confirm your/);
    expect(subjectOf(enMail!)).toBe('Confirm your e-mail address');
  });

  it("an album invitation to a German person is German; to a stranger, in the inviter's language", async () => {
    const owner = await asVerified(ctx, await signUp(ctx.app, { name: 'Olivia' }));
    expect((await setLocale(owner, 'es')).statusCode).toBe(200);
    const { album } = await createAlbumAs(ctx, owner, { name: 'Sommer' });
    const greta = await signUp(ctx.app, { name: 'Greta' });
    expect((await setLocale(greta, 'de')).statusCode).toBe(200);
    const res = await ctx
      .api(owner)
      .invite(album.id, { emailAddress: greta.email, role: 'contributor' });
    expect(res.statusCode).toBeLessThan(300);
    const [mail] = await mailsTo(greta.email, /Album/);
    expect(subjectOf(mail!)).toBe('Olivia hat das Album „Sommer“ mit Ihnen geteilt');
    expect(textOf(mail!)).toContain('Sie können es ansehen und Fotos hinzufügen.');

    const stranger = `nobody-${Date.now()}@example.com`;
    expect(
      (await ctx.api(owner).invite(album.id, { emailAddress: stranger, role: 'viewer' }))
        .statusCode,
    ).toBeLessThan(300);
    const [spanish] = await mailsTo(stranger, /álbum/);
    expect(subjectOf(spanish!)).toBe('Olivia compartió contigo el álbum «Sommer»');
    expect(textOf(spanish!)).toContain('puedes verlo.');
  });
});
