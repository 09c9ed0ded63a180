import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Further header fields, e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

/** Where a message goes when no SMTP server is configured: the request's logger. */
export interface MailLog {
  warn(details: object, message: string): void;
}

/** Sends the e-mails people act on (reset links, verification codes, invitations). */
export interface Mailer {
  /** False when no SMTP server is configured: messages are then written to the log at warn. */
  readonly configured: boolean;
  send(message: MailMessage, log: MailLog): Promise<void>;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL of the server that relays our mail; none means log only. */
  smtpUrl: string | undefined;
  from: string;
}

export function createMailer(options: MailerOptions): Mailer {
  if (!options.smtpUrl) {
    return {
      configured: false,
      send: async (message, log) => {
        // An operator can still pass the link on by hand.
        log.warn(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'e-mail not sent: SMTP_URL is not set',
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    configured: true,
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
