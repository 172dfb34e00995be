import { sql, type Kysely, type Transaction } from 'kysely';
import type { Tag } from '#shared/schemas/tag.ts';
import type { DB } from '../../db/schema.ts';
import { prepared } from '../../db/prepared.ts';
import { newId, nowIso } from '../../lib/ids.ts';

type Db = Kysely<DB> | Transaction<DB>;
const MAX_TAGS = 1000;

export async function listTags(db: Db): Promise<Tag[]> {
  const rows = await db.selectFrom('tags').select(['id', 'tag']).orderBy('tag').limit(MAX_TAGS).execute();
  return rows.map((r) => ({ _id: r.id, tag: r.tag }));
}

export async function tagExists(db: Db, tag: string): Promise<boolean> {
  return (await db.selectFrom('tags').select('id').where('tag', '=', tag).executeTakeFirst()) !== undefined;
}

const tagsLike = prepared((db, a: { pattern: string }) =>
  db.selectFrom('tags').select(['tag', 'post_count']).where('tag', 'like', a.pattern).limit(MAX_TAGS),
);

/**
 * Tags containing the text, case-insensitively, with their post counts. Tags are stored
 * lowercase from a–z 0–9 + # . -, so text outside that alphabet matches nothing and no LIKE
 * wildcard can reach the query.
 */
export async function tagsContaining(db: Db, text: string): Promise<Array<{ tag: string; postCount: number }>> {
  const needle = text.trim().toLowerCase();
  if (!/^[a-z0-9+#.-]*$/.test(needle)) return [];
  const rows = await tagsLike.execute(db, { pattern: `%${needle}%` });
  return rows.map((r) => ({ tag: r.tag, postCount: Number(r.post_count) }));
}

/** Moves a tag's post count; called in the transaction that writes or removes the post. */
export async function addToTagPostCount(db: Db, tag: string, delta: number): Promise<void> {
  await db
    .updateTable('tags')
    .set({ post_count: sql`post_count + ${delta}` })
    .where('tag', '=', tag)
    .execute();
}

export async function insertTag(db: Db, tag: string): Promise<string> {
  const id = newId();
  await db.insertInto('tags').values({ id, tag, created_at: nowIso() }).execute();
  return id;
}
