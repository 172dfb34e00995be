import type { Page } from '#shared/page.ts';
import { canReadCommentDetails } from '#shared/permissions.ts';
import type { Comment, CreateCommentInput } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { findPostAuthor, readPostForUpdate } from '../posts/posts.service.ts';
import { commentCountsFor, insertComment, listFullComments } from './comments.queries.ts';

/** Commenter and post-owner fields come from the session and the post, never the body. */
export async function addComment(writes: WritePath, viewer: SessionViewer, input: CreateCommentInput): Promise<{ insertedId: string }> {
  const id = newId();
  const createdAt = nowIso();
  await writes.run(async (w) => {
    const post = await readPostForUpdate(w.trx, input.postId);
    if (!post) throw notFound('post');
    await insertComment(w.trx, { id, postId: input.postId, authorId: viewer.id, comment: input.comment, createdAt });
    w.record({ type: 'comment.added', comment: { id, postId: input.postId, authorId: viewer.id, createdAt }, postAuthorId: post.authorId });
  });
  return { insertedId: id };
}

export async function commentCounts(db: Db, postIds: string[]) {
  const unique = [...new Set(postIds)];
  const counts = await commentCountsFor(db, unique);
  return unique.map((postId) => ({ postId, commentCount: counts.get(postId) ?? 0 }));
}

export async function commentCountOf(db: Db, postId: string): Promise<number> {
  return (await commentCountsFor(db, [postId])).get(postId) ?? 0;
}

/** Comment details with emails: only for the owner of the post, or an admin. */
export async function listCommentsForOwner(db: Db, viewer: SessionViewer, postId: string, page: PaginationQuery): Promise<Page<Comment>> {
  const owner = await findPostAuthor(db, postId);
  if (!owner) throw notFound('post');
  if (!canReadCommentDetails(viewer, owner)) throw forbidden('Only the author of this post can see these details.');
  const [items, total] = await Promise.all([listFullComments(db, page, { postId }), commentCountOf(db, postId)]);
  return { items, total };
}
