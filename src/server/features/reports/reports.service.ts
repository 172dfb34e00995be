import type { Page } from '#shared/page.ts';
import { canReportComment } from '#shared/permissions.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { CreateReportInput, Report } from '#shared/schemas/report.ts';
import type { Db } from '../../db/schema.ts';
import { banned, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { holdActingAdmin, memberIdByEmail } from '../users/users.service.ts';
import {
  deleteReport,
  deleteReportedComments,
  findCommentWithPostOwner,
  findReportedCommentsBy,
  insertReport,
  listReports,
  reportExists,
} from './reports.queries.ts';

/** Only the owner of the post a comment sits under may report it, once, and not a comment of their own. */
export async function reportComment(writes: WritePath, viewer: SessionViewer, input: CreateReportInput): Promise<{ insertedId: string }> {
  const id = newId();
  await writes.run(async (w) => {
    const target = await findCommentWithPostOwner(w.trx, input.commentId, viewer.id);
    if (!target) throw notFound('comment');
    if (target.reporterBanned) throw banned();
    if (!canReportComment(viewer, { postAuthorId: target.postOwnerId, authorId: target.authorId })) {
      throw forbidden(
        viewer.id === target.authorId ? 'You cannot report your own comment.' : 'You can only report comments on your own posts.',
      );
    }
    if (await reportExists(w.trx, input.commentId)) throw conflict('This comment has already been reported.');
    await insertReport(w.trx, {
      id,
      commentId: input.commentId,
      comment: target.comment,
      commentHtml: target.commentHtml,
      reporterId: viewer.id,
      feedback: input.ReportedComment,
      createdAt: nowIso(),
    });
    w.record({ type: 'report.filed', reportId: id, commentId: input.commentId });
  });
  return { insertedId: id };
}

/**
 * An admin dismisses one report: the report goes, the comment stays. The queue's writes are an
 * admin's, written only while they still are one (holdActingAdmin).
 */
export async function dismissReport(writes: WritePath, admin: SessionViewer, reportId: string): Promise<{ deletedCount: number }> {
  return writes.run(async (w) => {
    await holdActingAdmin(w.trx, admin.id);
    const removed = await deleteReport(w.trx, reportId);
    if (!removed) throw notFound('report');
    w.record({ type: 'report.dismissed', reportId, commentId: removed.commentId });
    return { deletedCount: 1 };
  });
}

export async function listReportPage(db: Db, page: PaginationQuery): Promise<Page<Report>> {
  const [items, total] = await Promise.all([listReports(db, page), siteTotal(db, 'reports')]);
  return { items, total };
}

export const countReports = (db: Db) => siteTotal(db, 'reports');

/** Removes every reported comment of one commenter, from the posts and from the queue. */
export async function deleteReportedCommentsOf(writes: WritePath, admin: SessionViewer, email: string): Promise<{ deletedCount: number }> {
  const authorId = await memberIdByEmail(writes.db, email);
  if (!authorId) return { deletedCount: 0 };
  return writes.run(async (w) => {
    await holdActingAdmin(w.trx, admin.id);
    const reported = await findReportedCommentsBy(w.trx, authorId);
    const removed = await deleteReportedComments(
      w.trx,
      reported.map((r) => r.id),
    );
    if (removed.size > 0) {
      w.record({
        type: 'comments.removed',
        comments: reported.filter((r) => removed.has(r.id)).map((r) => ({ ...r, authorId, reported: true })),
      });
    }
    return { deletedCount: removed.size };
  });
}
