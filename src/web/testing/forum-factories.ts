// Test data for the forum screens (posts, comments, tags, leaderboard, announcements),
// shaped by the shared schemas, and MSW answers for the paged calls.
import { HttpResponse } from 'msw';
import type { Announcement } from '#shared/schemas/announcement.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import type { LeaderboardRow } from '#shared/schemas/leaderboard.ts';
import type { Post, PostDetail } from '#shared/schemas/post.ts';
import type { Tag } from '#shared/schemas/tag.ts';

let sequence = 0;
const next = () => (sequence += 1);

export const buildPost = (overrides: Partial<Post> = {}): Post => {
  const n = next();
  return {
    _id: `post-${n}`,
    title: `Post number ${n}`,
    description: `The text of post ${n}.`,
    category: 'react',
    name: 'Grace Hopper',
    photo: null,
    time: new Date(Date.now() - 3 * 3600_000).toISOString(),
    upVote: 0,
    downVote: 0,
    commentCount: 0,
    ...overrides,
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
    commenter_name: 'Alan Turing',
    commenter_photo: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    postId: 'post-1',
    ...overrides,
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
    ...overrides,
  };
};

/** A paged answer: the items and the total in X-Total-Count. */
export const pagedAnswer = <T>(items: T[], total: number = items.length) =>
  HttpResponse.json(items, { headers: { 'X-Total-Count': String(total) } });
