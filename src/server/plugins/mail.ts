import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mailer } from '../features/mail/mail-queue.ts';
import { logTransport, smtpTransport } from '../features/mail/mail-transport.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail queue (SMTP when SMTP_URL and MAIL_FROM are set, the log otherwise). */
    mailer: Mailer;
  }
}

/** How long the shutdown lets queued mail go out (serve.ts gives the whole close 10 s). */
export const MAIL_SHUTDOWN_GRACE_MS = 5_000;

export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { mail } = app.config;
    const transport = mail.smtp ? await smtpTransport(mail.smtp) : logTransport(app.log);
    const mailer = createMailer({ transport, log: app.log, retryDelaysMs: mail.retryDelaysMs });
    app.decorate('mailer', mailer);
    // onClose runs once the server has stopped taking requests; the database is closed after.
    app.addHook('onClose', () => mailer.close(MAIL_SHUTDOWN_GRACE_MS));
  },
  { name: 'mail', dependencies: ['db'] },
);
