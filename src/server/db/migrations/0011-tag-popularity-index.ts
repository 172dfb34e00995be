import type { Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A tag search sorted by popularity reads its page from an index range per tag, as the newest
// order does with posts_category_idx, instead of sorting every post of the tag.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.createIndex('posts_category_popularity_idx').on('posts').columns(['category', 'score', 'created_at', 'id']).execute();
}
