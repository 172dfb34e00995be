import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A member's notifications (API.md "Notifications"), written inside the transaction of the write
// that caused them (features/notifications/notifications.reaction.ts), and the member's unread
// count and mail settings on the member's row (docs/decisions/0012-notification-rows.md).
//
// A notification goes with its member and its actor (cascade). It goes with its post, comment
// or announcement too, but by the reaction, which moves the unread counts as it removes them:
// those three keys are checked at COMMIT (deferred), so a write that removed one of them
// without the reaction taking its notifications fails instead of leaving a wrong count.

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('member_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text')
    .addColumn('comment_id', 'text')
    .addColumn('announcement_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('emailed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addForeignKeyConstraint('notifications_post_fk', ['post_id'], 'posts', ['id'], (c) => c.deferrable().initiallyDeferred())
    .addForeignKeyConstraint('notifications_comment_fk', ['comment_id'], 'comments', ['id'], (c) => c.deferrable().initiallyDeferred())
    .addForeignKeyConstraint('notifications_announcement_fk', ['announcement_id'], 'announcements', ['id'], (c) =>
      c.deferrable().initiallyDeferred(),
    )
    .execute();
  // The member's page, newest first (its total is a range of the same index).
  await db.schema.createIndex('notifications_member_idx').on('notifications').columns(['member_id', 'created_at', 'id']).execute();
  // A post's notifications: removed with the post, and "was a mail for this post sent to this
  // member in the last 10 minutes?". Each key is indexed only where it is set, so an
  // announcement's row (one per member) adds nothing to the comment and post indexes, and a
  // comment's nothing to the announcement index.
  await db.schema
    .createIndex('notifications_post_idx')
    .on('notifications')
    .columns(['post_id', 'member_id', 'emailed_at'])
    .where('post_id', 'is not', null)
    .execute();
  await db.schema
    .createIndex('notifications_comment_idx')
    .on('notifications')
    .column('comment_id')
    .where('comment_id', 'is not', null)
    .execute();
  await db.schema
    .createIndex('notifications_announcement_idx')
    .on('notifications')
    .column('announcement_id')
    .where('announcement_id', 'is not', null)
    .execute();
  // No index for the actor's cascade: members are banned, never removed.

  await db.schema
    .alterTable('users')
    .addColumn('unread_notifications', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_on_comment', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_on_reply', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
