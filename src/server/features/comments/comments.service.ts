import type { Page } from '#shared/page.ts';
import { canEditComment, canReadCommentDetails } from '#shared/permissions.ts';
import {
  COMMENT_REQUIRED,
  type Comment,
  type CommentRevision,
  type CreateCommentInput,
  type PublicComment,
  type UpdateCommentInput,
} from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Db } from '../../db/schema.ts';
import { banned, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { editTime, isBehind } from '../../lib/edit-version.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { renderMarkdown } from '../../lib/markdown/render-markdown.ts';
import { shownOrRefused } from '../../lib/markdown/written-text.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { findPostAuthor, readPostForUpdate } from '../posts/posts.service.ts';
import { holdAdminUnlessOwner } from '../users/users.service.ts';
import {
  commentCountsFor,
  commentExists,
  deleteCommentRow,
  findPublicComment,
  insertComment,
  insertCommentRevision,
  listCommentRevisions,
  listFullComments,
  readCommentForChange,
  updateCommentText,
} from './comments.queries.ts';

/** A comment's HTML, rendered before anything is held; one that shows nothing is refused as an empty one. */
const renderedComment = (comment: string): string => shownOrRefused(renderMarkdown(comment, 'comment'), 'comment', COMMENT_REQUIRED);

/** Commenter and post-owner fields come from the session and the post, never the body. */
export async function addComment(writes: WritePath, viewer: SessionViewer, input: CreateCommentInput): Promise<{ insertedId: string }> {
  const html = renderedComment(input.comment);
  const id = newId();
  const createdAt = nowIso();
  await writes.run(async (w) => {
    const post = await readPostForUpdate(w.trx, input.postId, viewer.id);
    if (!post) throw notFound('post');
    // The session was read before this transaction: a ban may have landed in between.
    if (post.writerBanned) throw banned();
    await insertComment(w.trx, { id, postId: input.postId, authorId: viewer.id, comment: input.comment, html, createdAt });
    w.record({
      type: 'comment.added',
      comment: { id, postId: input.postId, authorId: viewer.id, createdAt },
      postAuthorId: post.authorId,
      indexed: { postTitle: post.title, postCategory: post.category },
      listed: {
        _id: id,
        comment: input.comment,
        commenter_name: viewer.name,
        commenter_photo: viewer.image,
        createdAt,
        postId: input.postId,
        authorId: viewer.id,
        commentHtml: html,
        editedAt: null,
      },
    });
  });
  return { insertedId: id };
}

/** One comment as its post's page lists it (no email), or null when it is gone. */
export const findListedComment = (db: Db, id: string): Promise<PublicComment | null> => findPublicComment(db, id);

export async function commentCounts(db: Db, postIds: string[]) {
  const unique = [...new Set(postIds)];
  const counts = await commentCountsFor(db, unique);
  return unique.map((postId) => ({ postId, commentCount: counts.get(postId) ?? 0 }));
}

/** A post's comment count (404 when there is no such post). */
export async function commentCountOf(db: Db, postId: string): Promise<number> {
  const count = (await commentCountsFor(db, [postId])).get(postId);
  if (count === undefined) throw notFound('post');
  return count;
}

/** Comment details with emails: only for the owner of the post, or an admin. */
export async function listCommentsForOwner(db: Db, viewer: SessionViewer, postId: string, page: PaginationQuery): Promise<Page<Comment>> {
  const owner = await findPostAuthor(db, postId);
  if (!owner) throw notFound('post');
  if (!canReadCommentDetails(viewer, owner)) throw forbidden('Only the author of this post can see these details.');
  const [items, total] = await Promise.all([listFullComments(db, page, { postId }), commentCountOf(db, postId)]);
  return { items, total };
}

/**
 * The commenter or an admin edits a comment; the version before is kept; no change, no revision;
 * an edit made from an older version than the comment's (`baseEditedAt`) is refused.
 */
export async function editComment(
  writes: WritePath,
  viewer: SessionViewer,
  id: string,
  input: UpdateCommentInput,
): Promise<{ modifiedCount: number }> {
  const html = renderedComment(input.comment);
  return writes.run(async (w) => {
    const before = await readCommentForChange(w.trx, id, viewer.id);
    if (!before) throw notFound('comment');
    if (before.writerBanned) throw banned();
    if (!canEditComment(viewer, before)) throw forbidden('You can only edit your own comments.');
    await holdAdminUnlessOwner(w.trx, viewer, before.authorId);
    // Decided on the held row, as a post's edit is (editPost).
    if (isBehind(input.baseEditedAt, before.editedAt)) throw conflict('This comment was edited since you opened it.');
    if (input.comment === before.comment) return { modifiedCount: 0 };
    // Timed once the comment is held, as a post's edit is (editPost).
    const editedAt = editTime(before.editedAt);
    await insertCommentRevision(w.trx, { id: newId(), commentId: id, editorId: viewer.id, editedAt, before });
    await updateCommentText(w.trx, id, { comment: input.comment, html }, editedAt);
    w.record({ type: 'comment.edited', comment: { id, postId: before.postId, authorId: before.authorId, createdAt: before.createdAt } });
    return { modifiedCount: 1 };
  });
}

/** The commenter or an admin removes a comment; its reports go with it and the counts follow. */
export async function removeComment(writes: WritePath, viewer: SessionViewer, id: string): Promise<{ deletedCount: number }> {
  return writes.run(async (w) => {
    const comment = await readCommentForChange(w.trx, id, viewer.id);
    if (!comment) throw notFound('comment');
    if (comment.writerBanned) throw banned();
    if (!canEditComment(viewer, comment)) throw forbidden('You can only delete your own comments.');
    await holdAdminUnlessOwner(w.trx, viewer, comment.authorId);
    const { deletedCount, reported } = await deleteCommentRow(w.trx, id);
    w.record({
      type: 'comments.removed',
      comments: [{ id, postId: comment.postId, authorId: comment.authorId, createdAt: comment.createdAt, reported }],
    });
    return { deletedCount };
  });
}

/** A comment's earlier versions (members only), newest first. */
export async function commentRevisions(db: Db, id: string, page: PaginationQuery): Promise<Page<CommentRevision>> {
  if (!(await commentExists(db, id))) throw notFound('comment');
  return listCommentRevisions(db, id, page);
}
