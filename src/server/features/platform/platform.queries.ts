import type { Db } from '../../db/schema.ts';

/** Tags that have at least one post, alphabetical (an empty tag's page lists nothing). */
export async function listTagsWithPosts(db: Db, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('tags').select('tag').where('post_count', '>', 0).orderBy('tag').limit(limit).execute();
  return rows.map((r) => r.tag);
}

/**
 * Member ids for the sitemap, at most `limit`: those who have written a post first, then the
 * rest, newest first within each (both walk users_created_idx). Banned members are left out.
 */
export async function listMemberIdsForSitemap(db: Db, limit: number): Promise<string[]> {
  const page = (withPosts: boolean, n: number) =>
    db
      .selectFrom('users')
      .select('id')
      .where('banned_at', 'is', null)
      .where('post_count', withPosts ? '>' : '=', 0)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(n)
      .execute();
  if (limit <= 0) return [];
  const posters = (await page(true, limit)).map((r) => r.id);
  if (posters.length >= limit) return posters;
  const others = (await page(false, limit - posters.length)).map((r) => r.id);
  return [...posters, ...others];
}

/** When the newest post was written, or null for an empty forum (posts_newest_idx). */
export async function newestPostTime(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('posts')
    .select('created_at')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}
