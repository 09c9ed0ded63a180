import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent: headers and body. */
  raw: string;
}

/** The link of an identity e-mail: …?mode=…&oobCode=…. */
export interface ActionLink {
  link: string;
  mode: string;
  code: string;
}

/** The identity action link a message carries, read through its quoted-printable body; or null. */
export function actionLinkIn(mail: ReceivedMail): ActionLink | null {
  // Quoted-printable: soft line breaks and "=" written as =3D.
  const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\?mode=(\w+)&oobCode=([\w-]+))/.exec(text);
  return match ? { link: match[1]!, mode: match[2]!, code: match[3]! } : null;
}

/** A real SMTP server on a free local port, keeping what it receives (tests only). */
export interface SmtpPeer {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The first message to this address, waiting up to timeoutMs for it to arrive. */
  waitFor(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string) =>
    received.find((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to);
        if (mail) return mail;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
