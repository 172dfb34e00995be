import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// An unread `comment` or `reply` notification now shows its post's newest comment when it is
// listed, instead of being rewritten by each comment (ADR 0012). Rows written before comments
// were folded into one could leave a member several unread ones of a post, which would all show
// the same comment: the older ones are marked read, and the unread counts follow.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  const now = new Date().toISOString();
  await sql`
    update notifications set read_at = ${now}
    where read_at is null and type in ('comment', 'reply')
      and exists (
        select 1 from notifications o
        where o.post_id = notifications.post_id and o.member_id = notifications.member_id
          and o.read_at is null and o.type in ('comment', 'reply')
          and (o.created_at > notifications.created_at or (o.created_at = notifications.created_at and o.id > notifications.id))
      )`.execute(db);
  await sql`
    update users set unread_notifications =
      (select count(*) from notifications n where n.member_id = users.id and n.read_at is null)
    where unread_notifications <> 0`.execute(db);
}
