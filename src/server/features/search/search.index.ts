import { textOfHtml } from '#shared/html-text.ts';
import type { Db } from '../../db/schema.ts';
import type { DomainEvent } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import { commentDocument, postDocument, type SearchDocument } from './search-terms.ts';
import {
  commentSources,
  documentsAfter,
  documentsWithIds,
  finishRebuild,
  numberAllDocuments,
  postSource,
  removeAllDocuments,
  removeDocuments,
  removeDocumentsWithIds,
  rewriteTerms,
  writeDocument,
  writeTerms,
  type IndexSource,
} from './search.queries.ts';

const documentOf = (source: IndexSource): SearchDocument =>
  source.commentId === null
    ? postDocument({ title: source.title, category: source.category, text: textOfHtml(source.html), authorId: source.authorId })
    : commentDocument({ text: textOfHtml(source.html), category: source.category, authorId: source.authorId });

const index = (db: Db, source: IndexSource, isNew = false) => writeDocument(db, source, documentOf(source), isNew);

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
    case 'post.published': {
      const source = await postSource(db, event.post.id);
      if (source) await index(db, source, true);
      return;
    }
    case 'post.edited':
      // A new tag also re-files the post's comments, which are filtered by it.
      if (event.before.category !== event.post.category) await reindexPostAndComments(db, event.post.id);
      else {
        const source = await postSource(db, event.post.id);
        if (source) await index(db, source);
      }
      return;
    case 'tag.renamed':
    case 'tag.deleted':
      for (const postId of event.postIds) await reindexPostAndComments(db, postId);
      return;
    case 'post.removed':
      await removeDocuments(db, { postId: event.post.id, commentIds: event.commentIds });
      return;
    case 'comment.added': {
      const { comment, indexed, listed } = event;
      const source = { postId: comment.postId, commentId: comment.id, authorId: comment.authorId, createdAt: comment.createdAt };
      await index(db, { ...source, title: indexed.postTitle, category: indexed.postCategory, html: listed.commentHtml }, true);
      return;
    }
    case 'comment.edited':
      for (const source of await commentSources(db, { commentId: event.comment.id })) await index(db, source, false);
      return;
    case 'comments.removed':
      await removeDocuments(db, { commentIds: event.comments.map((c) => c.id) });
      return;
    case 'forum.seeded':
    case 'search.rebuild':
      await rebuildSearchIndex(db);
      return;
    case 'search.outdated':
      await remakeDocuments(db, event.documentIds);
      return;
    default:
      return;
  }
}

/** A post and its comments, once the post carries another tag (its comments are filtered by it). */
async function reindexPostAndComments(db: Db, postId: string): Promise<void> {
  const source = await postSource(db, postId);
  if (source) await index(db, source);
  for (const comment of await commentSources(db, { postId })) await index(db, comment);
}

/**
 * Documents made with an older rule, made again from their rows with this one. One whose post
 * or comment is gone is removed, as a rebuild would leave it out.
 */
async function remakeDocuments(db: Db, ids: number[]): Promise<void> {
  const sources = await documentsWithIds(db, ids);
  await rewriteTerms(
    db,
    sources.map((source) => ({ id: source.id, document: documentOf(source) })),
  );
  const found = new Set(sources.map((source) => source.id));
  await removeDocumentsWithIds(
    db,
    ids.filter((id) => !found.has(id)),
  );
}

/** Documents per batch of the rebuild; the rows of one INSERT (SQLite allows 32,766 bound values; a row binds five). */
const BATCH = 500;

/**
 * Indexes every post and comment again, numbered in the order they were written (so ids grow
 * with time): the migration that made the index, the seed, and `npm run reindex`.
 */
export async function rebuildSearchIndex(db: Db, log: (line: string) => void = () => {}): Promise<number> {
  // One write, whoever asks: nobody sees the index half made.
  if (!db.isTransaction) return db.transaction().execute((trx) => rebuildSearchIndex(trx, log));
  await removeAllDocuments(db);
  const total = await numberAllDocuments(db);
  let after = 0;
  const known = new Set<string>();
  for (;;) {
    const sources = await documentsAfter(db, after, BATCH);
    if (sources.length === 0) break;
    await writeTerms(
      db,
      sources.map((source) => ({ id: source.id, document: documentOf(source) })),
      known,
    );
    after = sources.at(-1)!.id;
    if (after % 100_000 < BATCH) log(`Indexed ${after} of ${total} posts and comments for search.`);
  }
  await finishRebuild(db);
  return total;
}
