import type { writtenText } from '../../lib/markdown/written-text.ts';
import { sql } from 'kysely';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { Post, PostRevision, VoteDirection } from '#shared/schemas/post.ts';
import { lockingRead } from '../../db/row-lock.ts';
import type { Db } from '../../db/schema.ts';
import { offsetOf } from '../../lib/pagination.ts';
import { type Args, type Placeholder, prepared, preparedByShape } from '../../db/prepared.ts';

export type PostOrder = 'newest' | 'popularity';

/** What a post answer shows (toPost), from posts p joined to its author u. */
const POST_COLUMNS = [
  'p.id',
  'p.title',
  'p.description',
  'p.category',
  'p.created_at',
  'p.up_votes',
  'p.down_votes',
  'p.comment_count',
  'p.author_id',
  'p.description_html',
  'p.excerpt',
  'p.edited_at',
  'u.name',
  'u.image',
  'u.banned_at',
] as const;

function basePostQuery(db: Db) {
  return db.selectFrom('posts as p').innerJoin('users as u', 'u.id', 'p.author_id').select(POST_COLUMNS);
}

type PostRow = {
  id: string;
  title: string;
  description: string;
  category: string;
  created_at: string;
  up_votes: number;
  down_votes: number;
  comment_count: number;
  author_id: string;
  description_html: string;
  excerpt: string;
  edited_at: string | null;
  name: string;
  image: string | null;
  banned_at: string | null;
};

/** The one mapping from a posts row to the wire shape of API.md. */
const toPost = (r: PostRow): Post => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  category: r.category,
  name: r.name,
  photo: r.image,
  time: r.created_at,
  upVote: Number(r.up_votes),
  downVote: Number(r.down_votes),
  commentCount: Number(r.comment_count),
  authorId: r.author_id,
  // Only when true: the author's row is joined for the name anyway, and other answers keep their shape.
  ...(r.banned_at !== null && { authorBanned: true }),
  descriptionHtml: r.description_html,
  excerpt: r.excerpt,
  editedAt: r.edited_at,
});

/** Searches matching up to this many tags merge one index range per tag (see pageKeys). */
const MERGED_TAGS_MAX = 20;

/** Only the popularity index holds the score; the other orderings do not need it. */
const noScore = sql<number>`0`.as('score');

/** What the SQL of a page depends on; everything else is a bound value. */
interface PageShape {
  order: PostOrder;
  /** none: every post; in: posts of the tags listed; merge: see pageKeys. */
  tags: 'none' | 'in' | 'merge';
  tagCount: number;
  byAuthor: boolean;
}

/** The bound values of a page: c0, c1, … are the tags. */
type PageArgs = { limit: number; offset: number; depth: number; authorId: string } & Record<string, string | number>;

const tagArgs = (a: Args<PageArgs>, n: number) => Array.from({ length: n }, (_, i) => a[`c${i}`] as Placeholder<string>);

/**
 * The keys (id, score, created_at) of one page, in order, read from an index alone: every
 * ordering has an index holding exactly these columns (posts_newest_idx, posts_popularity_idx,
 * posts_category_idx, posts_category_popularity_idx, posts_author_idx), so rows skipped by OFFSET cost an index step each,
 * not a table row and a join.
 */
function pageKeys(db: Db, shape: PageShape, a: Args<PageArgs>) {
  if (shape.tags === 'merge') {
    // "Newest (or most popular) among several tags": no single index is ordered that way, and
    // sorting every matching post grows with the forum. Instead the first offset + limit
    // (depth) of each tag, an index range per tag (posts_category_idx or
    // posts_category_popularity_idx), are merged: the work depends on the page, not the forum.
    const popular = shape.order === 'popularity';
    const ranges = tagArgs(a, shape.tagCount).map((category) => {
      let range = db
        .selectFrom('posts')
        .select(['id', popular ? 'score' : noScore, 'created_at'])
        .where('category', '=', category);
      if (popular) range = range.orderBy('score', 'desc');
      return db
        .selectFrom(range.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(a.depth).as('r'))
        .select(['r.id', 'r.score', 'r.created_at']);
    });
    let merged = ranges.reduce((all, range) => all.unionAll(range));
    if (popular) merged = merged.orderBy(sql`score`, 'desc');
    return merged
      .orderBy(sql`created_at`, 'desc')
      .orderBy(sql`id`, 'desc')
      .limit(a.limit)
      .offset(a.offset);
  }
  let q = db.selectFrom('posts').select(['id', shape.order === 'popularity' ? 'score' : noScore, 'created_at']);
  if (shape.tags === 'in') q = q.where('category', 'in', tagArgs(a, shape.tagCount));
  if (shape.byAuthor) q = q.where('author_id', '=', a.authorId);
  if (shape.order === 'popularity') q = q.orderBy('score', 'desc');
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(a.limit).offset(a.offset);
}

/** A page of posts: its keys from an index (pageKeys), then only those rows and their authors. */
const postPage = preparedByShape((shape: PageShape) => (db, a: Args<PageArgs>) => {
  let q = db
    .selectFrom(pageKeys(db, shape, a).as('k'))
    .innerJoin('posts as p', 'p.id', 'k.id')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select(POST_COLUMNS);
  if (shape.order === 'popularity') q = q.orderBy('k.score', 'desc');
  return q.orderBy('k.created_at', 'desc').orderBy('k.id', 'desc');
});

export async function listPosts(
  db: Db,
  page: PaginationQuery,
  options: { order: PostOrder; categories?: string[]; authorId?: string },
): Promise<Post[]> {
  const { categories = null, authorId = null } = options;
  const merge = categories !== null && categories.length > 1 && categories.length <= MERGED_TAGS_MAX && authorId === null;
  const shape: PageShape = {
    order: options.order,
    tags: categories === null ? 'none' : merge ? 'merge' : 'in',
    tagCount: categories?.length ?? 0,
    byAuthor: authorId !== null,
  };
  const offset = offsetOf(page);
  const args: PageArgs = { limit: page.limit, offset, depth: offset + page.limit, authorId: authorId ?? '' };
  categories?.forEach((c, i) => (args[`c${i}`] = c));
  const query = postPage(shape);
  return (await query.execute(db, args)).map(toPost);
}

const postById = prepared((db, a: Args<{ id: string }>) => basePostQuery(db).where('p.id', '=', a.id));

export async function findPostById(db: Db, id: string): Promise<Post | null> {
  const row = await postById.executeTakeFirst(db, { id });
  return row ? toPost(row) : null;
}

export async function findPostOwner(db: Db, id: string): Promise<{ authorId: string; name: string; email: string } | null> {
  const row = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .select(['p.author_id', 'u.name', 'u.email'])
    .where('p.id', '=', id)
    .executeTakeFirst();
  return row ? { authorId: row.author_id, name: row.name, email: row.email } : null;
}

const voteOf = prepared((db, a: Args<{ postId: string; userId: string }>) =>
  db.selectFrom('votes').select('value').where('post_id', '=', a.postId).where('user_id', '=', a.userId),
);

export async function findMyVote(db: Db, postId: string, userId: string): Promise<VoteDirection | null> {
  const row = await voteOf.executeTakeFirst(db, { postId, userId });
  if (!row) return null;
  return row.value > 0 ? 'up' : 'down';
}

const poster = prepared((db, a: Args<{ userId: string }>) =>
  lockingRead(db, db.selectFrom('users').select(['membership', 'post_count', 'banned_at']).where('id', '=', a.userId), 'users'),
);

/**
 * The member's membership, posts so far and ban, held until the transaction ends (see
 * lockingRead): two posts sent at once by one member are decided one after the other, so they
 * cannot pass the limit together on either engine, and a ban committed after the request's
 * session was read is still seen.
 */
export async function readPoster(db: Db, userId: string): Promise<{ membership: string; postCount: number; banned: boolean } | null> {
  const row = await poster.executeTakeFirst(db, { userId });
  return row ? { membership: row.membership, postCount: Number(row.post_count), banned: row.banned_at !== null } : null;
}

/** A description as rendered (writtenText): its HTML and excerpt. */
type Written = ReturnType<typeof writtenText>;

export async function insertPost(
  db: Db,
  post: { id: string; authorId: string; title: string; description: string; category: string; createdAt: string },
  written: Written,
): Promise<void> {
  await db
    .insertInto('posts')
    .values({
      id: post.id,
      author_id: post.authorId,
      title: post.title,
      description: post.description,
      description_html: written.html,
      excerpt: written.excerpt,
      category: post.category,
      created_at: post.createdAt,
    })
    .execute();
}

/** Removes a post; its comments, votes and reports go with it (foreign keys cascade). */
export async function deletePostRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A post about to be removed, held until the transaction ends (a second removal waits, then
 * finds none), with whether the one removing it is banned (see readPostForChange).
 */
export async function readPostForRemoval(
  db: Db,
  id: string,
  writerId: string,
): Promise<{
  authorId: string;
  category: string;
  createdAt: string;
  upVotes: number;
  downVotes: number;
  commentCount: number;
  writerBanned: boolean;
} | null> {
  const row = await lockingRead(
    db,
    db
      .selectFrom('posts')
      .select(['author_id', 'category', 'created_at', 'up_votes', 'down_votes', 'comment_count'])
      .select((eb) => eb.selectFrom('users').select('banned_at').where('id', '=', writerId).as('writer_banned_at'))
      .where('id', '=', id),
    'posts',
  ).executeTakeFirst();
  return row
    ? {
        authorId: row.author_id,
        category: row.category,
        createdAt: row.created_at,
        upVotes: Number(row.up_votes),
        downVotes: Number(row.down_votes),
        commentCount: Number(row.comment_count),
        writerBanned: row.writer_banned_at != null,
      }
    : null;
}

/** What goes with a post when it is removed: its comments (by id, and per writer and day), its votes' points per day, its reports. */
export async function tallyPostContents(
  db: Db,
  postId: string,
): Promise<{
  comments: Array<{ authorId: string; day: string; count: number }>;
  commentIds: string[];
  votePoints: Array<{ day: string; points: number }>;
  reports: number;
}> {
  const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
  const comments = await db
    .selectFrom('comments')
    .select(['author_id', day('created_at').as('day'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('post_id', '=', postId)
    .groupBy(['author_id', day('created_at')])
    .execute();
  const commentIds = await db.selectFrom('comments').select('id').where('post_id', '=', postId).execute();
  const votes = await db
    .selectFrom('votes')
    .select([day('created_at').as('day'), (eb) => eb.fn.sum<number>('value').as('points')])
    .where('post_id', '=', postId)
    .groupBy(day('created_at'))
    .execute();
  const reports = await db
    .selectFrom('reports as r')
    .innerJoin('comments as c', 'c.id', 'r.comment_id')
    .where('c.post_id', '=', postId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    comments: comments.map((c) => ({ authorId: c.author_id, day: c.day, count: Number(c.n) })),
    commentIds: commentIds.map((c) => c.id),
    votePoints: votes.map((v) => ({ day: v.day, points: Number(v.points) })),
    reports: Number(reports.n),
  };
}

const postForChange = prepared((db, a: Args<{ id: string; writerId: string }>) =>
  lockingRead(
    db,
    db
      .selectFrom('posts')
      .select(['author_id', 'title', 'category', 'up_votes', 'down_votes'])
      .select((eb) => eb.selectFrom('users').select('banned_at').where('id', '=', a.writerId).as('writer_banned_at'))
      .where('id', '=', a.id),
    'posts',
    'no key update',
  ),
);

/**
 * A post that a comment is about to change (its counts move in the same transaction), held
 * until the transaction ends: changes to one post run one after another, and a post being
 * removed meanwhile is found gone rather than half there. With it, in the same statement,
 * whether the writer is banned: the request's session was read before this transaction, and a
 * ban may have committed in between.
 */
export async function readPostForChange(
  db: Db,
  id: string,
  writerId: string,
): Promise<{ authorId: string; title: string; category: string; upVotes: number; downVotes: number; writerBanned: boolean } | null> {
  const row = await postForChange.executeTakeFirst(db, { id, writerId });
  return row
    ? {
        authorId: row.author_id,
        title: row.title,
        category: row.category,
        upVotes: Number(row.up_votes),
        downVotes: Number(row.down_votes),
        writerBanned: row.writer_banned_at != null,
      }
    : null;
}

export async function readPostCount(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('users').select('post_count').where('id', '=', userId).executeTakeFirst();
  return Number(row?.post_count ?? 0);
}

// Editing, with history: the version before each edit is kept in post_revisions.

export interface EditablePost {
  authorId: string;
  title: string;
  description: string;
  descriptionHtml: string;
  category: string;
  createdAt: string;
}

/**
 * A post about to be edited, held until the transaction ends (two edits go one after the other),
 * with whether the one editing it is banned (see readPostForChange).
 */
export async function readPostForEdit(
  db: Db,
  id: string,
  writerId: string,
): Promise<(EditablePost & { editedAt: string | null; writerBanned: boolean }) | null> {
  const row = await lockingRead(
    db,
    db
      .selectFrom('posts')
      .select(['author_id', 'title', 'description', 'description_html', 'category', 'created_at', 'edited_at'])
      .select((eb) => eb.selectFrom('users').select('banned_at').where('id', '=', writerId).as('writer_banned_at'))
      .where('id', '=', id),
    'posts',
    'no key update',
  ).executeTakeFirst();
  return row
    ? {
        authorId: row.author_id,
        title: row.title,
        description: row.description,
        descriptionHtml: row.description_html,
        category: row.category,
        createdAt: row.created_at,
        editedAt: row.edited_at,
        writerBanned: row.writer_banned_at != null,
      }
    : null;
}

export async function insertPostRevision(
  db: Db,
  r: { id: string; postId: string; editorId: string; editedAt: string; before: EditablePost },
) {
  await db
    .insertInto('post_revisions')
    .values({
      id: r.id,
      post_id: r.postId,
      editor_id: r.editorId,
      title: r.before.title,
      description: r.before.description,
      description_html: r.before.descriptionHtml,
      category: r.before.category,
      edited_at: r.editedAt,
    })
    .execute();
}

export async function updatePostText(
  db: Db,
  id: string,
  next: { title: string; description: string; category: string; editedAt: string },
  written: Written,
): Promise<void> {
  await db
    .updateTable('posts')
    .set({
      title: next.title,
      description: next.description,
      description_html: written.html,
      excerpt: written.excerpt,
      category: next.category,
      edited_at: next.editedAt,
    })
    .where('id', '=', id)
    .execute();
}

/** A post's earlier versions, newest first, with who edited them. */
export async function listPostRevisions(db: Db, postId: string, page: PaginationQuery): Promise<{ items: PostRevision[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('post_revisions as r')
      .innerJoin('users as u', 'u.id', 'r.editor_id')
      .select(['r.id', 'r.title', 'r.description', 'r.description_html', 'r.category', 'r.edited_at', 'u.name'])
      .where('r.post_id', '=', postId)
      .orderBy('r.edited_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.limit)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('post_revisions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('post_id', '=', postId)
      .executeTakeFirst(),
  ]);
  return {
    items: rows.map((r) => ({
      _id: r.id,
      title: r.title,
      description: r.description,
      descriptionHtml: r.description_html,
      category: r.category,
      editedAt: r.edited_at,
      editor: { name: r.name },
    })),
    total: Number(count?.n ?? 0),
  };
}

export async function postExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('posts').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
