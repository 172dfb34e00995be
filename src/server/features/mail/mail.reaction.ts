import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import type { Mailer } from './mail-queue.ts';
import { findMailRecipient } from './mail.queries.ts';
import { notificationMail } from './notification.mail.ts';

/**
 * After the commit: each notification the notifications reaction marked for email (the
 * member's settings and the 10-minute rule were decided there) is queued as a mail. The
 * recipient's address is read when the mail's turn comes, not here, so the request that
 * caused it is answered without waiting; a member banned meanwhile gets nothing.
 */
export function notificationMails(deps: { db: Kysely<DB>; config: Pick<AppConfig, 'siteName' | 'publicUrl'>; mailer: Mailer }): Reaction {
  const { db, config, mailer } = deps;
  return {
    name: 'notification mail',
    afterCommit(events) {
      for (const event of events) {
        if (event.type !== 'notification.created' || !event.email) continue;
        const { recipientId, notification } = event;
        mailer.send(async () => {
          const recipient = await findMailRecipient(db, recipientId);
          if (!recipient || recipient.banned) return null;
          return notificationMail({ to: recipient.email, siteName: config.siteName, publicUrl: config.publicUrl, notification });
        }, `notification ${notification._id}`);
      }
    },
  };
}
