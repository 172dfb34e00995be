import type { Db } from '../../db/schema.ts';
import type { DomainEvent } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import { commentDocument, postDocument, type SearchDocument } from './search-terms.ts';
import { textOfHtml } from './search-snippet.ts';
import {
  commentSources,
  finishRebuild,
  documentIdsOf,
  insertDocuments,
  postSource,
  removeAllDocuments,
  removeDocuments,
  sourcesAfter,
  writeDocument,
  type DocumentRow,
  type IndexSource,
} from './search.queries.ts';

const documentOf = (source: IndexSource): SearchDocument =>
  source.commentId === null
    ? postDocument({ title: source.title, category: source.category, text: textOfHtml(source.html), authorId: source.authorId })
    : commentDocument({ text: textOfHtml(source.html), category: source.category, authorId: source.authorId });

const index = (db: Db, source: IndexSource) => writeDocument(db, source, documentOf(source));

/**
 * The search index follows every write inside its transaction, so the very next search sees
 * it (API.md "Search"): what is written is read back from the rows the write left.
 */
export const searchIndex: Reaction = {
  name: 'search index',
  async inTransaction(trx, events) {
    for (const event of events) await follow(trx, event);
  },
};

async function follow(db: Db, event: DomainEvent): Promise<void> {
  switch (event.type) {
    case 'post.published':
    case 'post.edited': {
      const source = await postSource(db, event.post.id);
      if (source) await index(db, source);
      // A comment is filtered by its post's tag.
      if (event.type === 'post.edited' && event.before.category !== event.post.category) {
        for (const comment of await commentSources(db, { postId: event.post.id })) await index(db, comment);
      }
      return;
    }
    case 'post.removed':
      await removeDocuments(db, await documentIdsOf(db, { postId: event.post.id }));
      return;
    case 'comment.added':
    case 'comment.edited':
      for (const source of await commentSources(db, { commentId: event.comment.id })) await index(db, source);
      return;
    case 'comments.removed':
      await removeDocuments(db, await documentIdsOf(db, { commentIds: event.comments.map((c) => c.id) }));
      return;
    case 'forum.seeded':
    case 'search.rebuild':
      await rebuildSearchIndex(db);
      return;
    default:
      return;
  }
}

const BATCH = 1000;
/** Rows per INSERT (SQLite allows 32,766 bound values; a document row binds six). */
const INSERT_ROWS = 400;

/**
 * Indexes every post and comment again, in the order they were written (so ids grow with
 * time): the migration that made the index, the seed, and `npm run reindex`.
 */
export async function rebuildSearchIndex(db: Db, log: (line: string) => void = () => {}): Promise<number> {
  await removeAllDocuments(db);
  const cursors = {
    post: { after: null as { createdAt: string; id: string } | null, rows: [] as IndexSource[], at: 0, done: false },
    comment: { after: null as { createdAt: string; id: string } | null, rows: [] as IndexSource[], at: 0, done: false },
  };
  const refill = async (kind: 'post' | 'comment') => {
    const c = cursors[kind];
    if (c.at < c.rows.length || c.done) return;
    c.rows = await sourcesAfter(db, kind, c.after, BATCH);
    c.at = 0;
    if (c.rows.length < BATCH) c.done = true;
    const last = c.rows.at(-1);
    if (last) c.after = { createdAt: last.createdAt, id: kind === 'post' ? last.postId : last.commentId! };
  };
  let id = 0;
  let pending: DocumentRow[] = [];
  const flush = async () => {
    for (let i = 0; i < pending.length; i += INSERT_ROWS) await insertDocuments(db, pending.slice(i, i + INSERT_ROWS));
    pending = [];
  };
  for (;;) {
    await refill('post');
    await refill('comment');
    const post = cursors.post.rows[cursors.post.at];
    const comment = cursors.comment.rows[cursors.comment.at];
    if (!post && !comment) break;
    // The older of the two comes next (a post before a comment written at the same instant).
    const kind = !comment || (post && post.createdAt <= comment.createdAt) ? 'post' : 'comment';
    const next = cursors[kind].rows[cursors[kind].at++]!;
    id += 1;
    pending.push({ id, ...next, document: documentOf(next) });
    if (pending.length >= BATCH) {
      await flush();
      if (id % 100_000 < BATCH) log(`Indexed ${id} posts and comments for search.`);
    }
  }
  await flush();
  await finishRebuild(db);
  return id;
}
