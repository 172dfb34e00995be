import type { Kysely } from 'kysely';
import type { CreateCommentInput } from '#shared/schemas/comment.ts';
import { POINTS } from '#shared/constants.ts';
import type { DB } from '../../db/schema.ts';
import { inWriteTransaction } from '../../db/write-transactions.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { isAdmin } from '#shared/permissions.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { addToCounter } from '../counters/counters.queries.ts';
import { addActivity } from '../leaderboard/activity.queries.ts';
import { contentChanged } from '../../lib/read-cache.ts';
import { findPostOwner, movePostCounters } from '../posts/posts.queries.ts';
import { commentCountsFor, insertComment, listFullComments } from './comments.queries.ts';

/** Commenter and post-owner fields come from the session and the post, never the body. */
export async function addComment(db: Kysely<DB>, viewer: SessionViewer, input: CreateCommentInput): Promise<{ insertedId: string }> {
  const id = newId();
  const createdAt = nowIso();
  await inWriteTransaction(db, async (trx) => {
    // Counting the comment first tells whether the post exists, in the same statement.
    if (!(await movePostCounters(trx, input.postId, { comments: 1 }))) throw notFound('post');
    await insertComment(trx, { id, postId: input.postId, authorId: viewer.id, comment: input.comment, createdAt });
    await addToCounter(trx, 'comments', 1);
    await addActivity(trx, viewer.id, { points: POINTS.comment }, createdAt);
  });
  await contentChanged(db);
  return { insertedId: id };
}

export async function commentCounts(db: Kysely<DB>, postIds: string[]) {
  const unique = [...new Set(postIds)];
  const counts = await commentCountsFor(db, unique);
  return unique.map((postId) => ({ postId, commentCount: counts.get(postId) ?? 0 }));
}

/** Comment details with emails: only for the owner of the post, or an admin. */
export async function listCommentsForOwner(db: Kysely<DB>, viewer: SessionViewer, postId: string, page: PaginationQuery) {
  const owner = await findPostOwner(db, postId);
  if (!owner) throw notFound('post');
  if (owner.authorId !== viewer.id && !isAdmin(viewer)) throw forbidden('Only the author of this post can see these details.');
  const [items, counts] = await Promise.all([listFullComments(db, page, { postId }), commentCountsFor(db, [postId])]);
  return { items, total: counts.get(postId) ?? 0 };
}
