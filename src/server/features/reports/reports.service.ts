import type { Kysely } from 'kysely';
import type { CreateReportInput } from '#shared/schemas/report.ts';
import { POINTS } from '#shared/constants.ts';
import type { DB } from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { addToCounter } from '../counters/counters.queries.ts';
import { addActivity } from '../leaderboard/activity.queries.ts';
import { contentChanged } from '../../lib/read-cache.ts';
import { movePostCounters } from '../posts/posts.queries.ts';
import { findUserIdByEmail } from '../users/user-lookup.queries.ts';
import { deleteComments, findCommentWithPostOwner, findReportedCommentsBy, insertReport, reportExists } from './reports.queries.ts';

/** Only the owner of the post a comment sits under may report it, once. */
export async function reportComment(db: Kysely<DB>, viewer: SessionViewer, input: CreateReportInput): Promise<{ insertedId: string }> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    const target = await findCommentWithPostOwner(trx, input.commentId);
    if (!target) throw notFound('comment');
    if (target.postOwnerId !== viewer.id) throw forbidden('You can only report comments on your own posts.');
    if (await reportExists(trx, input.commentId)) throw conflict('This comment has already been reported.');
    await insertReport(trx, {
      id,
      commentId: input.commentId,
      reporterId: viewer.id,
      feedback: input.ReportedComment,
      createdAt: nowIso(),
    });
    await addToCounter(trx, 'reports', 1);
  });
  return { insertedId: id };
}

/**
 * Removes every reported comment of one commenter from the posts and from the queue; the
 * posts' comment counts, the site totals and the commenter's points follow.
 */
export async function deleteReportedCommentsOf(db: Kysely<DB>, email: string): Promise<{ deletedCount: number }> {
  const result = await db.transaction().execute(async (trx) => {
    const authorId = await findUserIdByEmail(trx, email);
    if (!authorId) return { deletedCount: 0 };
    const reported = await findReportedCommentsBy(trx, authorId);
    const deletedCount = await deleteComments(
      trx,
      reported.map((r) => r.commentId),
    );
    const perPost = new Map<string, number>();
    for (const r of reported) perPost.set(r.postId, (perPost.get(r.postId) ?? 0) + 1);
    for (const [postId, n] of perPost) await movePostCounters(trx, postId, { comments: -n });
    for (const r of reported) await addActivity(trx, authorId, { points: -POINTS.comment }, r.createdAt);
    await addToCounter(trx, 'comments', -deletedCount);
    await addToCounter(trx, 'reports', -deletedCount);
    return { deletedCount };
  });
  await contentChanged(db);
  return result;
}
