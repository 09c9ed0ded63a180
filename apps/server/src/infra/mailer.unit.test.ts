import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../test/smtp-peer.js';
import { createMailer } from './mailer.js';

describe('mailer', () => {
  let peer: SmtpPeer;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer.close();
  });

  it('delivers through the SMTP server named by SMTP_URL', async () => {
    const mailer = createMailer({ smtpUrl: peer.url, from: 'Photos <no-reply@example.org>' });
    const log = { warn: () => expect.unreachable('nothing is logged when mail is sent') };
    await mailer.send(
      { to: 'ann@example.org', subject: 'Hello there', text: 'Open https://example.org/x' },
      log,
    );
    const mail = await peer.waitFor('ann@example.org');
    expect(mail.from).toBe('no-reply@example.org');
    expect(mail.raw).toContain('Subject: Hello there');
    expect(mail.raw).toContain('https://example.org/x');
    expect(mailer.configured).toBe(true);
  });

  it('without SMTP_URL, writes the message to the log at warn instead', async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: 'x <a@b.c>' });
    const logged: Array<{ details: object; message: string }> = [];
    await mailer.send(
      { to: 'bob@example.org', subject: 'Reset', text: 'Open https://example.org/reset' },
      { warn: (details, message) => logged.push({ details, message }) },
    );
    expect(mailer.configured).toBe(false);
    expect(logged).toEqual([
      {
        details: {
          mail: { to: 'bob@example.org', subject: 'Reset', text: 'Open https://example.org/reset' },
        },
        message: 'e-mail not sent: SMTP_URL is not set',
      },
    ]);
  });
});
