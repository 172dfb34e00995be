import { sql } from 'kysely';
import { toMembership, toRole } from '#shared/constants.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import { lowerCase } from '../../db/lower-case.ts';
import type { Db } from '../../db/schema.ts';
import { nowIso } from '../../lib/ids.ts';
import { offsetOf } from '../../lib/pagination.ts';

/** Active (not banned) members, optionally matching a name or email fragment. */
function memberQuery(db: Db, search: string) {
  let q = db.selectFrom('users').where('banned_at', 'is', null);
  if (search) {
    // `%` and `_` are looked for as themselves (john_doe), not as LIKE's wildcards.
    const needle = `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    q = q.where((eb) =>
      eb.or([
        sql<boolean>`${lowerCase(db, eb.ref('name'))} like ${needle} escape '\\'`,
        sql<boolean>`${eb.ref('email')} like ${needle} escape '\\'`,
      ]),
    );
  }
  return q;
}

export async function listMembers(db: Db, page: PaginationQuery, search: string): Promise<User[]> {
  const rows = await memberQuery(db, search)
    .select(['id', 'name', 'email', 'image', 'role', 'membership'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(page.limit)
    .offset(offsetOf(page))
    .execute();
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    photo: r.image,
    role: toRole(r.role),
    membership: toMembership(r.membership),
  }));
}

export async function countMembers(db: Db, search: string): Promise<number> {
  const row = await memberQuery(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ban itself: email on the ban list, account marked, sessions and sign-in methods gone. */
export async function banMemberRows(db: Db, user: { id: string; email: string }, adminId: string): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('banned_emails')
    .values({ email: user.email, banned_at: at, banned_by: adminId })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  await db.updateTable('users').set({ banned_at: at, updated_at: at }).where('id', '=', user.id).execute();
  await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  await db.deleteFrom('accounts').where('user_id', '=', user.id).execute();
}

/**
 * Members who signed up at or after `since` and are still members (not banned), as the site's
 * member total counts them. Better Auth's created_at is ISO text on SQLite and timestamptz on
 * PostgreSQL; an ISO-8601 parameter compares correctly with both, as a range on users_created_idx.
 */
export async function countMembersSince(db: Db, since: Date): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since.toISOString())
    .where('banned_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Posts per UTC day from `since` (a day's start, ISO): a range on posts_newest_idx, days without posts absent. */
export async function countPostsPerDaySince(db: Db, since: string): Promise<{ day: string; count: number }[]> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await db
    .selectFrom('posts')
    .select((eb) => [day.as('day'), eb.fn.countAll<number>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}
