import type { Tag } from '#shared/schemas/tag.ts';
import { TAG_ALPHABET, tagSearchNeedle } from '#shared/tag-search.ts';
import type { Db } from '../../db/schema.ts';
import { inCodePointOrder } from '../../db/code-point-order.ts';
import { type Args, prepared } from '../../db/prepared.ts';
import { lockingRead } from '../../db/row-lock.ts';

const MAX_TAGS = 1000;

/** Every tag (up to MAX_TAGS), in the order of their characters on both engines ("c#" before "c-sharp"). */
export async function listTags(db: Db): Promise<Tag[]> {
  const rows = await db
    .selectFrom('tags')
    .select(['id', 'tag'])
    .orderBy((eb) => inCodePointOrder(db, eb.ref('tag')))
    .limit(MAX_TAGS)
    .execute();
  return rows.map((r) => ({ _id: r.id, tag: r.tag }));
}

export async function tagExists(db: Db, tag: string): Promise<boolean> {
  return (await db.selectFrom('tags').select('id').where('tag', '=', tag).executeTakeFirst()) !== undefined;
}

const tagsLike = prepared((db, a: Args<{ pattern: string }>) =>
  db.selectFrom('tags').select(['tag', 'post_count']).where('tag', 'like', a.pattern).limit(MAX_TAGS),
);

/**
 * Tags containing the text, case-insensitively, with their post counts. Tags are stored
 * lowercase from a–z 0–9 + # . -, so text outside that alphabet matches nothing and no LIKE
 * wildcard can reach the query.
 */
export async function tagsContaining(db: Db, text: string): Promise<Array<{ tag: string; postCount: number }>> {
  // The rule of src/shared/tag-search.ts (tagMatchesSearch), asked of the database.
  const needle = tagSearchNeedle(text);
  if (needle !== '' && !TAG_ALPHABET.test(needle)) return [];
  const rows = await tagsLike.execute(db, { pattern: `%${needle}%` });
  return rows.map((r) => ({ tag: r.tag, postCount: Number(r.post_count) }));
}

export async function insertTag(db: Db, tag: { id: string; tag: string; createdAt: string }): Promise<void> {
  await db.insertInto('tags').values({ id: tag.id, tag: tag.tag, created_at: tag.createdAt }).execute();
}

/**
 * The tags of these ids about to be renamed or removed, held until the transaction ends (see
 * lockingRead): a post filed under one meanwhile waits, and so does another rename or removal,
 * which then finds the tag as this one left it. Taken in one order, so that two removals moving
 * posts each to the other's tag do not wait on each other crosswise.
 */
export async function holdTags(db: Db, ids: readonly string[]): Promise<Array<{ id: string; tag: string }>> {
  return lockingRead(db, db.selectFrom('tags').select(['id', 'tag']).where('id', 'in', ids).orderBy('id'), 'tags').execute();
}

const heldTagNamed = prepared((db, a: Args<{ tag: string }>) =>
  lockingRead(db, db.selectFrom('tags').select('id').where('tag', '=', a.tag), 'tags', 'no key update'),
);

/**
 * Whether a post may be filed under the tag: it exists, and is held until the transaction ends
 * with the lock its count's move takes anyway, so it is neither renamed nor removed before the
 * post is in (a rename or removal under way is waited for, and the tag then read as it left it).
 */
export async function holdTagForPost(db: Db, tag: string): Promise<boolean> {
  return (await heldTagNamed.executeTakeFirst(db, { tag })) !== undefined;
}

/** The ids of the posts filed under the tag. */
export async function postIdsTagged(db: Db, tag: string): Promise<string[]> {
  const rows = await db.selectFrom('posts').select('id').where('category', '=', tag).execute();
  return rows.map((r) => r.id);
}

/**
 * How many posts are filed under the tag of this id, counted as the removal counts them (its
 * posts by name, not the kept post_count); undefined when there is no such tag.
 */
export async function postCountOfTag(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('tags')
    .leftJoin('posts', 'posts.category', 'tags.tag')
    .select((eb) => eb.fn.count<number>('posts.id').as('n'))
    .where('tags.id', '=', id)
    .groupBy('tags.id')
    .executeTakeFirst();
  return row && Number(row.n);
}

/** Files every post of one tag under another name (a rename, or a move to another tag). */
export async function retagPosts(db: Db, from: string, to: string): Promise<void> {
  await db.updateTable('posts').set({ category: to }).where('category', '=', from).execute();
}

export async function renameTagRow(db: Db, id: string, tag: string): Promise<void> {
  await db.updateTable('tags').set({ tag }).where('id', '=', id).execute();
}

export async function deleteTagRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('tags').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}
