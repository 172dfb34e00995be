import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config/env.ts';
import type { DB } from '../../db/schema.ts';
import type { EventOf } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import { isUnsubscribeKind } from '#shared/mail-unsubscribe.ts';
import { mailAllowed } from '../notifications/notifications.reaction.ts';
import type { Mailer } from './mail-queue.ts';
import { liveComments, mailRecipients } from './mail-recipients.ts';
import { notificationMail } from './notification.mail.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';

/**
 * After the commit: each notification the notifications reaction marked for email (the
 * member's settings and the 10-minute rule were decided there) is queued as a mail. Whether it
 * still goes, and where, is read when the mail's turn comes (and again at each retry), not
 * here, so the request that caused it is answered without waiting and a mail sent later keeps
 * to what holds then: nothing to a member banned meanwhile or who turned these mails off,
 * nothing about a comment deleted meanwhile (it took its notification with it). The mails
 * queued behind it have theirs read in the same statements (mail-recipients.ts).
 */
export function notificationMails(deps: {
  db: Kysely<DB>;
  config: Pick<AppConfig, 'siteName' | 'publicUrl' | 'authSecret'>;
  mailer: Mailer;
}): Reaction {
  const { db, config, mailer } = deps;
  const recipients = mailRecipients(db);
  const comments = liveComments(db);
  const tokens = unsubscribeTokens(config.authSecret);
  return {
    name: 'notification mail',
    afterCommit(events) {
      const mailed = events.filter((e): e is EventOf<'notification.created'> => e.type === 'notification.created' && e.email);
      // All of the write's recipients first: the first mail's turn may come at once, and its
      // read is then the one for all of them.
      for (const { recipientId, notification } of mailed) {
        recipients.expect(recipientId);
        if (notification.commentId) comments.expect(notification.commentId);
      }
      for (const { recipientId, notification } of mailed) {
        const { commentId } = notification;
        const queued = mailer.send(async () => {
          const [recipient, commentThere] = await Promise.all([recipients.take(recipientId), commentId ? comments.take(commentId) : true]);
          if (!recipient || recipient.banned || !mailAllowed(notification.type, recipient) || !commentThere) return null;
          // mailAllowed lets only these kinds through; the check tells the compiler so.
          if (!isUnsubscribeKind(notification.type)) return null;
          return notificationMail({
            to: recipient.email,
            siteName: config.siteName,
            publicUrl: config.publicUrl,
            notification,
            unsubscribeToken: tokens.sign({ memberId: recipientId, kind: notification.type }),
          });
        }, `notification ${notification._id}`);
        if (!queued) {
          recipients.drop(recipientId);
          if (commentId) comments.drop(commentId);
        }
      }
    },
  };
}
