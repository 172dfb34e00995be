import { sql } from 'kysely';
import { POINTS } from '#shared/constants.ts';
import type { Db } from '../../db/schema.ts';
import { readUnreadCounts, recountUnreadNotifications } from '../notifications/notifications.queries.ts';
import { leaderboardWindow } from './activity.queries.ts';
import { setSiteCounter } from './counters.queries.ts';

/**
 * The bulk path of the ledger: every stored count computed again from the rows, in a few
 * set-based statements. The seed fills its tables with zero counts and then calls this, and
 * the tests hold the ledger's running counts against it (counters.test.ts). It must agree
 * with counters.ledger.ts on what each count means: a vote's points are booked on the day
 * of the vote, a post's and a comment's on the day they were written.
 */
export async function recountFromRows(db: Db, now = Date.now()): Promise<void> {
  const count = async (table: 'posts' | 'comments' | 'announcements' | 'reports') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  for (const name of ['posts', 'comments', 'announcements', 'reports'] as const) await setSiteCounter(db, name, await count(name));
  const members = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('banned_at', 'is', null)
    .executeTakeFirstOrThrow();
  await setSiteCounter(db, 'users', Number(members.n));

  // A post's votes and comments, a tag's posts and a member's posts: zero first, then the
  // sums of what exists (UPDATE … FROM, on both engines).
  await db.updateTable('posts').set({ up_votes: 0, down_votes: 0, score: 0, comment_count: 0 }).execute();
  await sql`
    update posts set up_votes = t.up, down_votes = t.down, score = t.up - t.down
    from (select post_id, sum(case when value > 0 then 1 else 0 end) as up, sum(case when value < 0 then 1 else 0 end) as down
          from votes group by post_id) as t
    where posts.id = t.post_id`.execute(db);
  await sql`
    update posts set comment_count = t.n
    from (select post_id, count(*) as n from comments group by post_id) as t
    where posts.id = t.post_id`.execute(db);
  await db.updateTable('tags').set({ post_count: 0 }).execute();
  await sql`
    update tags set post_count = t.n
    from (select category, count(*) as n from posts group by category) as t
    where tags.tag = t.category`.execute(db);
  await db.updateTable('users').set({ post_count: 0 }).execute();
  await sql`
    update users set post_count = t.n
    from (select author_id, count(*) as n from posts group by author_id) as t
    where users.id = t.author_id`.execute(db);
  await recountUnreadNotifications(db);

  // The leaderboard's tallies per member and day, and each member's sums over this week.
  await db.deleteFrom('activity_daily').execute();
  await sql`
    insert into activity_daily (user_id, day, posts, points)
    select user_id, day, sum(posts), sum(points) from (
      select author_id as user_id, substr(created_at, 1, 10) as day, 1 as posts, ${sql.lit(POINTS.post)} as points from posts
      union all
      select author_id, substr(created_at, 1, 10), 0, ${sql.lit(POINTS.comment)} from comments
      union all
      select p.author_id, substr(v.created_at, 1, 10), 0,
             case when v.value > 0 then ${sql.lit(POINTS.upVote)} else ${sql.lit(POINTS.downVote)} end
      from votes v join posts p on p.id = v.post_id
    ) as a
    group by user_id, day`.execute(db);
  const window = leaderboardWindow(now);
  await db.deleteFrom('activity_week').execute();
  await sql`
    insert into activity_week (user_id, day, posts, points)
    select user_id, cast(${window.today} as text), sum(posts), sum(points) from activity_daily
    where day >= ${window.since} and day <= ${window.today}
    group by user_id`.execute(db);
}

/** Every stored count, as plain data (for comparing two states in tests and checks). */
export async function readStoredCounts(db: Db): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const r of await db
    .selectFrom('counters')
    .select(['name', (eb) => eb.fn.sum<number>('value').as('value')])
    .groupBy('name')
    .execute()) {
    counts[`site:${r.name}`] = Number(r.value);
  }
  const posts = await db.selectFrom('posts').select(['id', 'up_votes', 'down_votes', 'score', 'comment_count']).execute();
  for (const p of posts) {
    counts[`post:${p.id}`] = Number(p.up_votes);
    counts[`post:${p.id}:down`] = Number(p.down_votes);
    counts[`post:${p.id}:score`] = Number(p.score);
    counts[`post:${p.id}:comments`] = Number(p.comment_count);
  }
  for (const t of await db.selectFrom('tags').select(['tag', 'post_count']).execute()) counts[`tag:${t.tag}`] = Number(t.post_count);
  for (const u of await db.selectFrom('users').select(['id', 'post_count']).execute())
    counts[`member:${u.id}:posts`] = Number(u.post_count);
  for (const u of await readUnreadCounts(db)) counts[`member:${u.memberId}:unread`] = u.unread;
  // Tallies that came back to nothing are the same as no row.
  for (const a of await db.selectFrom('activity_daily').selectAll().execute()) {
    if (Number(a.posts) !== 0) counts[`day:${a.user_id}:${a.day}:posts`] = Number(a.posts);
    if (Number(a.points) !== 0) counts[`day:${a.user_id}:${a.day}:points`] = Number(a.points);
  }
  const { today } = leaderboardWindow();
  for (const w of await db.selectFrom('activity_week').selectAll().where('day', '=', today).execute()) {
    if (Number(w.posts) !== 0) counts[`week:${w.user_id}:posts`] = Number(w.posts);
    if (Number(w.points) !== 0) counts[`week:${w.user_id}:points`] = Number(w.points);
  }
  return counts;
}
