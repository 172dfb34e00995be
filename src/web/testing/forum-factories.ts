// Test data for the forum screens (posts, comments, tags, leaderboard, announcements, notifications),
// shaped by the shared schemas, and MSW answers for the paged calls.
import { HttpResponse } from 'msw';
import type { Announcement } from '#shared/schemas/announcement.ts';
import type { CommentRevision, PublicComment } from '#shared/schemas/comment.ts';
import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import type { MemberProfile } from '#shared/schemas/member.ts';
import type { Notification } from '#shared/schemas/notification.ts';
import type { Post, PostDetail, PostRevision } from '#shared/schemas/post.ts';
import type { Tag } from '#shared/schemas/tag.ts';
import type { SearchHit } from '#web/features/search/api/search-posts.ts';

let sequence = 0;

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The rendered field as the server would store it for plain text (one paragraph, line breaks
 * kept), unless the test gives its own HTML.
 */
const renderedText = <K extends string>(key: K, text: string, overrides: Partial<Record<K, string>>): Record<K, string> =>
  ({ [key]: overrides[key] ?? `<p>${escapeHtml(text).replaceAll('\n', '<br>\n')}</p>` }) as Record<K, string>;
const next = () => (sequence += 1);

export const buildPost = (overrides: Partial<Post> = {}): Post => {
  const n = next();
  return {
    _id: `post-${n}`,
    title: `Post number ${n}`,
    description: `The text of post ${n}.`,
    editedAt: null,
    authorId: `author-${n}`,
    category: 'react',
    name: 'Grace Hopper',
    photo: null,
    time: new Date(Date.now() - 3 * 3600_000).toISOString(),
    upVote: 0,
    downVote: 0,
    commentCount: 0,
    ...overrides,
    ...renderedText('descriptionHtml', overrides.description ?? `The text of post ${n}.`, overrides),
    excerpt: overrides.excerpt ?? (overrides.description ?? `The text of post ${n}.`).replace(/\s+/g, ' ').slice(0, 200),
  };
};

export const buildPostDetail = (overrides: Partial<PostDetail> = {}): PostDetail => ({
  ...buildPost(),
  myVote: null,
  canDelete: false,
  ...overrides,
});

export const buildComment = (overrides: Partial<PublicComment> = {}): PublicComment => {
  const n = next();
  return {
    _id: `comment-${n}`,
    comment: `Comment number ${n}`,
    editedAt: null,
    authorId: `commenter-${n}`,
    commenter_name: 'Alan Turing',
    commenter_photo: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    postId: 'post-1',
    ...overrides,
    ...renderedText('commentHtml', overrides.comment ?? `Comment number ${n}`, overrides),
  };
};

export const buildTag = (tag: string): Tag => ({ _id: `tag-${tag}`, tag });

export const buildLeaderboardRow = (overrides: Partial<LeaderboardRow> = {}): LeaderboardRow => {
  const n = next();
  return { _id: `user-${n}`, name: `Member ${n}`, photo: null, posts: 1, points: 10, ...overrides };
};

export const buildAnnouncement = (overrides: Partial<Announcement> = {}): Announcement => {
  const n = next();
  return {
    _id: `announcement-${n}`,
    title: `Announcement ${n}`,
    description: `News number ${n}.`,
    photo: null,
    name: 'Admin',
    time: new Date(Date.now() - 86_400_000).toISOString(),
    editedAt: null,
    ...overrides,
    ...renderedText('descriptionHtml', overrides.description ?? `News number ${n}.`, overrides),
  };
};

export const buildNotification = (overrides: Partial<Notification> = {}): Notification => {
  const n = next();
  return {
    _id: `n-${n}`,
    type: 'comment',
    read: false,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    actor: { name: 'Bob', photo: null },
    postId: 'post-1',
    commentId: `comment-${n}`,
    title: 'Flaky tests',
    text: 'Try fake timers.',
    ...overrides,
  };
};

/** An earlier version of a post, as its history lists it. */
export const buildPostRevision = (overrides: Partial<PostRevision> = {}): PostRevision => {
  const n = next();
  return {
    _id: `post-revision-${n}`,
    title: `Earlier title ${n}`,
    description: `Earlier text ${n}`,
    descriptionHtml: `<p>Earlier text ${n}</p>`,
    category: 'react',
    editedAt: new Date(Date.now() - n * 60_000).toISOString(),
    editor: { name: 'Grace Hopper' },
    ...overrides,
  };
};

/** An earlier version of a comment, as its history lists it. */
export const buildCommentRevision = (overrides: Partial<CommentRevision> = {}): CommentRevision => {
  const n = next();
  return {
    _id: `comment-revision-${n}`,
    comment: `Earlier comment ${n}`,
    commentHtml: `<p>Earlier comment ${n}</p>`,
    editedAt: new Date(Date.now() - n * 60_000).toISOString(),
    editor: { name: 'Alan Turing' },
    ...overrides,
  };
};

/** A search hit on a post (`type: 'comment'` with a `commentId` for a comment). */
export const buildSearchHit = (overrides: Partial<SearchHit> = {}): SearchHit => {
  const n = next();
  const title = overrides.title ?? `Post number ${n}`;
  return {
    type: 'post',
    postId: `post-${n}`,
    commentId: null,
    title,
    // Nothing marked, escaped as the server escapes it.
    titleHtml: title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    snippet: `The text of <mark>post</mark> ${n}.`,
    category: 'react',
    name: 'Grace Hopper',
    photo: null,
    time: new Date(Date.now() - 3 * 3600_000).toISOString(),
    ...overrides,
  };
};

/** A paged answer: the items and the total in X-Total-Count. */
export const pagedAnswer = <T>(items: T[], total: number = items.length) =>
  HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });

export const buildMemberProfile = (overrides: Partial<MemberProfile> = {}): MemberProfile => {
  const n = next();
  return {
    _id: `member-${n}`,
    name: `Member ${n}`,
    photo: null,
    membership: 'Bronze',
    role: 'Client',
    joinedAt: '2025-03-14T10:00:00.000Z',
    posts: 0,
    comments: 0,
    points: 0,
    ...overrides,
  };
};
