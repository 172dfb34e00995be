import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A notification keeps the time it was written at (`first_at`), which later comments, mails and
// re-pointing never move: an unread `comment` or `reply` notification tells of its post's
// comments from that time on, so deleting the comment it names points it at the newest of those
// left (ADR 0012). The bound was the member's other notifications of the post, which a deleted
// comment could take, bringing back as unread a comment the member had read.
//
// Rows already there take their own time, and an unread one of a post the earliest comment the
// earlier rule would have pointed it at: one after the member's other notifications of the post
// (and, for a `reply`, after the member's first comment there) and before its own time, which
// later comments may have moved. Nothing better is known of them.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('first_at', 'text').execute();
  await sql`
    update notifications set first_at = coalesce((
      select min(c.created_at) from comments c
      where c.post_id = notifications.post_id and c.author_id <> notifications.member_id
        and c.created_at < notifications.created_at
        and c.created_at > coalesce((
          select max(o.created_at) from notifications o
          where o.post_id = notifications.post_id and o.member_id = notifications.member_id and o.id <> notifications.id
        ), '')
        and (notifications.type <> 'reply' or c.created_at > (
          select min(own.created_at) from comments own
          where own.post_id = notifications.post_id and own.author_id = notifications.member_id
        ))
    ), created_at)
    where read_at is null and post_id is not null`.execute(db);
  await sql`update notifications set first_at = created_at where first_at is null`.execute(db);
}
