import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { EventOf } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import type { Mailer } from './mail-queue.ts';
import { mailRecipients } from './mail-recipients.ts';
import { notificationMail } from './notification.mail.ts';

/**
 * After the commit: each notification the notifications reaction marked for email (the
 * member's settings and the 10-minute rule were decided there) is queued as a mail. The
 * recipient's address is read when the mail's turn comes, not here, so the request that caused
 * it is answered without waiting and a member banned meanwhile gets nothing; the mails queued
 * behind it have theirs read in the same statement (mail-recipients.ts).
 */
export function notificationMails(deps: { db: Kysely<DB>; config: Pick<AppConfig, 'siteName' | 'publicUrl'>; mailer: Mailer }): Reaction {
  const { db, config, mailer } = deps;
  const recipients = mailRecipients(db);
  return {
    name: 'notification mail',
    afterCommit(events) {
      const mailed = events.filter((e): e is EventOf<'notification.created'> => e.type === 'notification.created' && e.email);
      // All of the write's recipients first: the first mail's turn may come at once, and its
      // read is then the one for all of them.
      for (const { recipientId } of mailed) recipients.expect(recipientId);
      for (const { recipientId, notification } of mailed) {
        const queued = mailer.send(async () => {
          const recipient = await recipients.take(recipientId);
          if (!recipient || recipient.banned) return null;
          return notificationMail({ to: recipient.email, siteName: config.siteName, publicUrl: config.publicUrl, notification });
        }, `notification ${notification._id}`);
        if (!queued) recipients.drop(recipientId);
      }
    },
  };
}
