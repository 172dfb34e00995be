import { sql, type Kysely } from 'kysely';
import type { Engine } from '../engine.ts';

// A post's own search document is found by its post, a comment's by its comment, each through
// an index that holds only its kind. Indexing every document by its post put one more random
// page in the log of each comment written (a tenth of a comment's pages on SQLite) for the one
// write that needs it, a post's removal, which now names the removed comments itself
// (search.queries.ts). The comments' index leaves the posts' documents out, so a lookup of a
// post's document (`comment_id is null`) is never planned through it.
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex('search_docs_post_idx').execute();
  await db.schema.dropIndex('search_docs_comment_idx').execute();
  const commentId = sql.ref('comment_id');
  await db.schema.createIndex('search_docs_post_idx').on('search_docs').column('post_id').where(commentId, 'is', null).execute();
  await db.schema
    .createIndex('search_docs_comment_idx')
    .unique()
    .on('search_docs')
    .column('comment_id')
    .where(commentId, 'is not', null)
    .execute();
}
