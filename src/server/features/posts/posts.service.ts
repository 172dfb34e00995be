import type { Kysely } from 'kysely';
import { POST_LIMITS, POINTS } from '#shared/constants.ts';
import { isAdmin, canReadUser } from '#shared/permissions.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { CreatePostInput, Post, PostDetail } from '#shared/schemas/post.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, forbidden, notFound, postLimitReached } from '../../lib/app-error.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { addToCounter, readCounter } from '../counters/counters.queries.ts';
import { addActivity } from '../leaderboard/activity.queries.ts';
import { contentChanged } from '../../lib/read-cache.ts';
import { addToTagPostCount, tagExists, tagsContaining } from '../tags/tags.queries.ts';
import { findUserIdByEmail } from '../users/user-lookup.queries.ts';
import {
  claimPostSlot,
  countReportsOnPost,
  deletePostRow,
  findMyVote,
  findPostById,
  insertPost,
  listPosts,
  readPostCount,
  readPostMeta,
  releasePostSlot,
  type PostOrder,
} from './posts.queries.ts';

export interface PostPage {
  items: Post[];
  total: number;
}

export async function listPostPage(db: Kysely<DB>, page: PaginationQuery, order: PostOrder): Promise<PostPage> {
  const [items, total] = await Promise.all([listPosts(db, page, { order }), readCounter(db, 'posts')]);
  return { items, total };
}

/** Posts whose tag contains the text (case-insensitive), newest first. */
export async function searchPostsByTag(db: Kysely<DB>, search: string, page: PaginationQuery): Promise<PostPage> {
  if (search === '') return listPostPage(db, page, 'newest');
  const tags = await tagsContaining(db, search);
  if (tags.length === 0) return { items: [], total: 0 };
  const items = await listPosts(db, page, { order: 'newest', categories: tags.map((t) => t.tag) });
  return { items, total: tags.reduce((sum, t) => sum + t.postCount, 0) };
}

export async function getPostDetail(db: Kysely<DB>, id: string, viewer: SessionViewer | null): Promise<PostDetail> {
  const post = await findPostById(db, id);
  if (!post) throw notFound('post');
  const myVote = viewer ? await findMyVote(db, id, viewer.id) : null;
  const { authorId, ...rest } = post;
  return { ...rest, myVote, canDelete: viewer !== null && (viewer.id === authorId || isAdmin(viewer)) };
}

/** Writes a post within the member's limit (Bronze 5, Gold 10 in total), atomically. */
export async function publishPost(db: Kysely<DB>, viewer: SessionViewer, input: CreatePostInput): Promise<{ insertedId: string }> {
  if (!(await tagExists(db, input.category))) {
    throw badRequest('Pick a tag from the list.', [{ path: 'body.category', message: 'is not an existing tag' }]);
  }
  const id = newId();
  const createdAt = nowIso();
  await db.transaction().execute(async (trx) => {
    if (!(await claimPostSlot(trx, viewer.id, POST_LIMITS))) throw postLimitReached();
    await insertPost(trx, { id, authorId: viewer.id, ...input, createdAt });
    await addToCounter(trx, 'posts', 1);
    await addToTagPostCount(trx, input.category, 1);
    await addActivity(trx, viewer.id, { posts: 1, points: POINTS.post }, createdAt);
  });
  await contentChanged(db);
  return { insertedId: id };
}

/**
 * Owner or admin deletes a post with its comments, votes and reports; the site totals, the
 * author's post count (which frees a slot of the limit) and the leaderboard follow.
 */
export async function removePost(db: Kysely<DB>, viewer: SessionViewer, id: string): Promise<{ deletedCount: number }> {
  const result = await db.transaction().execute(async (trx) => {
    const post = await readPostMeta(trx, id);
    if (!post) throw notFound('post');
    if (post.authorId !== viewer.id && !isAdmin(viewer)) throw forbidden('You can only delete your own posts.');
    const reports = await countReportsOnPost(trx, id);
    const deletedCount = await deletePostRow(trx, id);
    await releasePostSlot(trx, post.authorId);
    await addToCounter(trx, 'posts', -1);
    await addToTagPostCount(trx, post.category, -1);
    await addToCounter(trx, 'comments', -post.commentCount);
    await addToCounter(trx, 'reports', -reports);
    await addActivity(trx, post.authorId, { posts: -1, points: -POINTS.post }, post.createdAt);
    return { deletedCount };
  });
  await contentChanged(db);
  return result;
}

/** "self or admin": the member's id behind an email in the path. */
async function memberIdFor(db: Kysely<DB>, viewer: SessionViewer, email: string): Promise<string> {
  if (!canReadUser(viewer, email)) throw forbidden('You can only see your own posts.');
  const id = await findUserIdByEmail(db, email);
  if (!id) throw notFound('user');
  return id;
}

export async function listMemberPosts(db: Kysely<DB>, viewer: SessionViewer, email: string, page: PaginationQuery): Promise<PostPage> {
  const authorId = await memberIdFor(db, viewer, email);
  const [items, total] = await Promise.all([listPosts(db, page, { order: 'newest', authorId }), readPostCount(db, authorId)]);
  return { items, total };
}

export async function countMemberPosts(db: Kysely<DB>, viewer: SessionViewer, email: string): Promise<number> {
  return readPostCount(db, await memberIdFor(db, viewer, email));
}
