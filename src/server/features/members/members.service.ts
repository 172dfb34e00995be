import type { Membership, Role } from '#shared/constants.ts';
import type { Page } from '#shared/page.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { MemberProfile } from '#shared/schemas/member.ts';
import type { Post } from '#shared/schemas/post.ts';
import type { Db } from '../../db/schema.ts';
import { notFound } from '../../lib/app-error.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { leaderboardWindow, rollActivityWeeks } from '../counters/counters.service.ts';
import { listPosts } from '../posts/posts.queries.ts';
import { countMemberComments, findMember, readWeekPoints } from './members.queries.ts';

/** A member's public profile with their counts; points are this week's, as the leaderboard has them. */
export async function getMemberProfile(writes: WritePath, id: string): Promise<MemberProfile> {
  const member = await findMember(writes.db, id);
  if (!member) throw notFound('member');
  const window = leaderboardWindow();
  await rollActivityWeeks(writes, window);
  const [comments, points] = await Promise.all([countMemberComments(writes.db, id), readWeekPoints(writes.db, id, window.today)]);
  return {
    _id: member.id,
    name: member.name,
    photo: member.image,
    membership: member.membership as Membership,
    role: member.role as Role,
    joinedAt: member.createdAt,
    posts: member.postCount,
    comments,
    points,
  };
}

/** A member's posts, newest first; the total is their stored post count. */
export async function listPostsOfMember(db: Db, id: string, page: PaginationQuery): Promise<Page<Post>> {
  const member = await findMember(db, id);
  if (!member) throw notFound('member');
  const items = await listPosts(db, page, { order: 'newest', authorId: id });
  return { items, total: member.postCount };
}
