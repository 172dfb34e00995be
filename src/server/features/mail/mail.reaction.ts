import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { EventOf } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import type { Mailer } from './mail-queue.ts';
import { findMailRecipients, type MailRecipient } from './mail.queries.ts';
import { notificationMail } from './notification.mail.ts';

/**
 * After the commit: each notification the notifications reaction marked for email (the
 * member's settings and the 10-minute rule were decided there) is queued as a mail. The
 * recipients' addresses are read when the first of the write's mails has its turn, not here,
 * so the request that caused them is answered without waiting; a member banned meanwhile gets
 * nothing. One read serves all of a write's mails (a comment mails several members).
 */
export function notificationMails(deps: { db: Kysely<DB>; config: Pick<AppConfig, 'siteName' | 'publicUrl'>; mailer: Mailer }): Reaction {
  const { db, config, mailer } = deps;
  return {
    name: 'notification mail',
    afterCommit(events) {
      const mailed = events.filter((e): e is EventOf<'notification.created'> => e.type === 'notification.created' && e.email);
      if (mailed.length === 0) return;
      let recipients: Promise<Map<string, MailRecipient>> | null = null;
      const recipientsOf = () => (recipients ??= findMailRecipients(db, [...new Set(mailed.map((e) => e.recipientId))]));
      for (const { recipientId, notification } of mailed) {
        mailer.send(async () => {
          const recipient = (await recipientsOf()).get(recipientId);
          if (!recipient || recipient.banned) return null;
          return notificationMail({ to: recipient.email, siteName: config.siteName, publicUrl: config.publicUrl, notification });
        }, `notification ${notification._id}`);
      }
    },
  };
}
