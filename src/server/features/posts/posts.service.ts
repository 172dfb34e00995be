import type { Page } from '#shared/page.ts';
import { canDeletePost, canEditPost, canReadUser, hasReachedPostLimit } from '#shared/permissions.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import {
  DESCRIPTION_REQUIRED,
  type CreatePostInput,
  type Post,
  type PostDetail,
  type PostRevision,
  type UpdatePostInput,
} from '#shared/schemas/post.ts';
import type { Db } from '../../db/schema.ts';
import { badRequest, banned, conflict, forbidden, notFound, postLimitReached } from '../../lib/app-error.ts';
import { editTime, isBehind } from '../../lib/edit-version.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { shownOrRefused, writtenText } from '../../lib/markdown/written-text.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { siteTotal } from '../counters/counters.service.ts';
import { holdTagForPost, tagsContaining } from '../tags/tags.service.ts';
import { holdAdminUnlessOwner, memberIdByEmail } from '../users/users.service.ts';
import {
  deletePostRow,
  findMyVote,
  findPostById,
  findPostOwner,
  insertPost,
  insertPostRevision,
  listPostRevisions,
  listPosts,
  postExists,
  readPostCount,
  readPostForChange,
  readPostForEdit,
  readPostForRemoval,
  readPoster,
  tallyPostContents,
  updatePostText,
  type PostOrder,
} from './posts.queries.ts';

export type { PostOrder };

export async function listPostPage(db: Db, page: PaginationQuery, order: PostOrder): Promise<Page<Post>> {
  const [items, total] = await Promise.all([listPosts(db, page, { order }), siteTotal(db, 'posts')]);
  return { items, total };
}

/** Posts whose tag contains the text (case-insensitive), newest or most popular first. */
export async function searchPostsByTag(db: Db, search: string, page: PaginationQuery, order: PostOrder = 'newest'): Promise<Page<Post>> {
  if (search === '') return listPostPage(db, page, order);
  const tags = await tagsContaining(db, search);
  if (tags.length === 0) return { items: [], total: 0 };
  const items = await listPosts(db, page, { order, categories: tags.map((t) => t.tag) });
  return { items, total: tags.reduce((sum, t) => sum + t.postCount, 0) };
}

export async function getPostDetail(db: Db, id: string, viewer: SessionViewer | null): Promise<PostDetail> {
  const post = await findPostById(db, id);
  if (!post) throw notFound('post');
  const myVote = viewer ? await findMyVote(db, id, viewer.id) : null;
  return { ...post, myVote, canDelete: canDeletePost(viewer, post) };
}

/** One post as the home list shows it (the same columns and mapping as a page of it), or null. */
export const findListedPost = (db: Db, id: string): Promise<Post | null> => findPostById(db, id);

/** The post's author with their name and email (for the owner's comment details), or null. */
export const findPostAuthor = findPostOwner;

/**
 * A post about to gain a comment, held for the rest of the transaction (see
 * readPostForChange), with its author, title, tag and stored votes, and whether the writer is
 * banned; null when there is no post.
 */
export const readPostForUpdate = readPostForChange;

/** A description rendered before anything is held; one that shows nothing is refused as an empty one. */
function writtenDescription(description: string) {
  const written = writtenText(description);
  shownOrRefused(written.html, 'description', DESCRIPTION_REQUIRED);
  return written;
}

const unknownTag = () => badRequest('Pick a tag from the list.', [{ path: 'body.category', message: 'is not an existing tag' }]);

/**
 * Writes a post within the member's limit (Bronze 5, Gold 10 in total), atomically, under a tag
 * held until it is in: an admin renaming or removing the tag meanwhile waits for it, or it for them.
 */
export async function publishPost(writes: WritePath, viewer: SessionViewer, input: CreatePostInput): Promise<{ insertedId: string }> {
  const written = writtenDescription(input.description);
  const id = newId();
  const createdAt = nowIso();
  await writes.run(async (w) => {
    if (!(await holdTagForPost(w.trx, input.category))) throw unknownTag();
    const poster = await readPoster(w.trx, viewer.id);
    // The session was read before this transaction: a ban may have landed in between.
    if (poster?.banned) throw banned();
    if (!poster || hasReachedPostLimit(poster.membership, poster.postCount)) throw postLimitReached();
    await insertPost(w.trx, { id, authorId: viewer.id, ...input, createdAt }, written);
    w.record({ type: 'post.published', post: { id, authorId: viewer.id, category: input.category, createdAt } });
  });
  return { insertedId: id };
}

/**
 * Owner or admin deletes a post with its comments, votes and reports; every count they were
 * part of follows (the ledger reads what the event says went with it).
 */
export async function removePost(writes: WritePath, viewer: SessionViewer, id: string): Promise<{ deletedCount: number }> {
  return writes.run(async (w) => {
    const held = await readPostForRemoval(w.trx, id, viewer.id);
    if (!held) throw notFound('post');
    const { writerBanned, ...post } = held;
    // The session was read before this transaction: a ban may have landed in between.
    if (writerBanned) throw banned();
    if (!canDeletePost(viewer, post)) throw forbidden('You can only delete your own posts.');
    await holdAdminUnlessOwner(w.trx, viewer, post.authorId);
    const contents = await tallyPostContents(w.trx, id);
    const deletedCount = await deletePostRow(w.trx, id);
    w.record({ type: 'post.removed', post: { id, ...post }, ...contents });
    return { deletedCount };
  });
}

/** "self or admin": the member's id behind an email in the path. */
async function memberIdFor(db: Db, viewer: SessionViewer, email: string): Promise<string> {
  if (!canReadUser(viewer, email)) throw forbidden('You can only see your own posts.');
  const id = await memberIdByEmail(db, email);
  if (!id) throw notFound('user');
  return id;
}

export async function listMemberPosts(db: Db, viewer: SessionViewer, email: string, page: PaginationQuery): Promise<Page<Post>> {
  const authorId = await memberIdFor(db, viewer, email);
  const [items, total] = await Promise.all([listPosts(db, page, { order: 'newest', authorId }), readPostCount(db, authorId)]);
  return { items, total };
}

export async function countMemberPosts(db: Db, viewer: SessionViewer, email: string): Promise<number> {
  return readPostCount(db, await memberIdFor(db, viewer, email));
}

/**
 * The author or an admin edits a post: the same rules as writing one (an existing tag), the
 * version before kept as a revision, and an edit that changes nothing stores nothing. Edits
 * never count against the post limit. An edit made from an older version than the post's
 * (`baseEditedAt`) is refused, so it cannot put back what another edit changed.
 */
export async function editPost(
  writes: WritePath,
  viewer: SessionViewer,
  id: string,
  input: UpdatePostInput,
): Promise<{ modifiedCount: number }> {
  const written = input.description === undefined ? undefined : writtenDescription(input.description);
  return writes.run(async (w) => {
    // The tag first, as publishing holds it before anything else.
    if (input.category !== undefined && !(await holdTagForPost(w.trx, input.category))) throw unknownTag();
    const held = await readPostForEdit(w.trx, id, viewer.id);
    if (!held) throw notFound('post');
    const { writerBanned, editedAt: currentEditedAt, ...before } = held;
    if (writerBanned) throw banned();
    if (!canEditPost(viewer, before)) throw forbidden('You can only edit your own posts.');
    await holdAdminUnlessOwner(w.trx, viewer, before.authorId);
    // Decided on the held row: of two edits from the same version, the second sees the first's.
    if (isBehind(input.baseEditedAt, currentEditedAt)) throw conflict('This post was edited since you opened it.');
    // Timed once the post is held: an edit that waited for another is the later one, and its
    // time (the revision's, the post's editedAt) says so.
    const editedAt = editTime(currentEditedAt);
    const next = {
      title: input.title ?? before.title,
      description: input.description ?? before.description,
      category: input.category ?? before.category,
    };
    if (next.title === before.title && next.description === before.description && next.category === before.category) {
      return { modifiedCount: 0 };
    }
    await insertPostRevision(w.trx, { id: newId(), postId: id, editorId: viewer.id, editedAt, before });
    await updatePostText(w.trx, id, { ...next, editedAt }, written ?? writtenText(next.description));
    w.record({
      type: 'post.edited',
      post: { id, authorId: before.authorId, category: next.category, createdAt: before.createdAt },
      before: { category: before.category },
    });
    return { modifiedCount: 1 };
  });
}

/** A post's earlier versions (members only), newest first. */
export async function postRevisions(db: Db, id: string, page: PaginationQuery): Promise<Page<PostRevision>> {
  if (!(await postExists(db, id))) throw notFound('post');
  return listPostRevisions(db, id, page);
}
