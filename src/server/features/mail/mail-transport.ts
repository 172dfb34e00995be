import type { FastifyBaseLogger } from 'fastify';

/** A mail as the forum writes it: both parts, and the links a reader of the log needs. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the mail holds, for the log when no SMTP server is configured. */
  links: string[];
  /**
   * `List-Unsubscribe` (RFC 2369), sent with `List-Unsubscribe-Post` (RFC 8058): the address
   * a POST to which turns these mails off, with nothing else to send and no sign-in.
   */
  unsubscribeUrl?: string;
}

/** Hands one mail over, or throws (the queue decides whether to try again). */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  deliver(mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Every mail of the forum is written by the forum, not by a person: said so (RFC 3834, and
 * Exchange's own header), an out-of-office responder does not answer each notification to
 * MAIL_FROM.
 */
const AUTOMATIC = { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' } as const;

/**
 * RFC 8058's one value: the mailbox provider's own "Unsubscribe" button POSTs this body to the
 * List-Unsubscribe address. nodemailer's `list` option writes List-* headers as addresses in
 * angle brackets, which this one is not, so it is a header of its own.
 */
const ONE_CLICK = { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } as const;

/**
 * SMTP through nodemailer's pool: a few connections reused across mails. Timeouts keep a
 * server that stops answering from holding a mail (and the shutdown) for long. nodemailer is
 * loaded only here: a forum that logs its mail never holds it (about 1 MiB of a server's heap).
 */
export async function smtpTransport(smtp: { url: string; from: string }): Promise<MailTransport> {
  const { default: nodemailer } = await import('nodemailer');
  const url = new URL(smtp.url);
  const secure = url.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: 2,
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.unsubscribeUrl
          ? { list: { unsubscribe: mail.unsubscribeUrl }, headers: { ...AUTOMATIC, ...ONE_CLICK } }
          : { headers: AUTOMATIC }),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP server configured: each mail goes to the server's log at `info`, with its links, so
 * a forum run locally still lets its members reset a password.
 */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'log',
    async deliver(mail) {
      log.info(
        { mail: { to: mail.to, subject: mail.subject, links: mail.links } },
        `mail (no SMTP_URL, so written here) to ${mail.to}: ${mail.subject} — ${mail.links.join(' ')}`,
      );
    },
    close() {},
  };
}
