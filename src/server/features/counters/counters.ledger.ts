import { POINTS } from '#shared/constants.ts';
import type { VoteDirection } from '#shared/schemas/post.ts';
import { voteCountsDelta } from '#shared/votes.ts';
import type { Db } from '../../db/schema.ts';
import type { DomainEvent } from '../../write-path/events.ts';
import type { Reaction } from '../../write-path/write-path.ts';
import { runCombined } from '../../db/combined-writes.ts';
import { activityStatements, utcDay, type ActivityChange } from './activity.queries.ts';
import { memberPostCountMove, postCountsMove, siteCounterMove, tagPostCountMove, type CounterName } from './counters.queries.ts';

/**
 * What a batch of events does to the stored counts, summed first so that each count moves
 * once however many events touch it.
 */
interface LedgerMoves {
  site: Map<CounterName, number>;
  posts: Map<string, { up: number; down: number; comments: number }>;
  tags: Map<string, number>;
  memberPosts: Map<string, number>;
  /** Leaderboard tallies per member and UTC day. */
  activity: Map<string, ActivityChange>;
}

/** The points a vote gives its post's author. */
const votePoints = (direction: VoteDirection): number => (direction === 'up' ? POINTS.upVote : POINTS.downVote);

function ledgerMoves(events: readonly DomainEvent[]): LedgerMoves {
  const moves: LedgerMoves = { site: new Map(), posts: new Map(), tags: new Map(), memberPosts: new Map(), activity: new Map() };
  const site = (name: CounterName, delta: number) => moves.site.set(name, (moves.site.get(name) ?? 0) + delta);
  const post = (postId: string, delta: { up?: number; down?: number; comments?: number }) => {
    const m = moves.posts.get(postId) ?? { up: 0, down: 0, comments: 0 };
    m.up += delta.up ?? 0;
    m.down += delta.down ?? 0;
    m.comments += delta.comments ?? 0;
    moves.posts.set(postId, m);
  };
  const tag = (name: string, delta: number) => moves.tags.set(name, (moves.tags.get(name) ?? 0) + delta);
  const memberPosts = (memberId: string, delta: number) => moves.memberPosts.set(memberId, (moves.memberPosts.get(memberId) ?? 0) + delta);
  const activity = (memberId: string, at: string, delta: { posts?: number; points: number }) => {
    const day = utcDay(at);
    const key = `${memberId}|${day}`;
    const a = moves.activity.get(key) ?? { memberId, day, posts: 0, points: 0 };
    a.posts += delta.posts ?? 0;
    a.points += delta.points;
    moves.activity.set(key, a);
  };

  for (const event of events) {
    switch (event.type) {
      case 'member.joined':
        site('users', 1);
        break;
      case 'member.banned':
        site('users', -1);
        break;
      case 'announcement.published':
        site('announcements', 1);
        break;
      case 'announcement.removed':
        site('announcements', -1);
        break;
      case 'tag.deleted':
        // The tag's row (and its count) is gone; its posts count under the tag they moved to.
        if (event.movedTo !== null) tag(event.movedTo, event.postIds.length);
        break;
      case 'report.filed':
        site('reports', 1);
        break;
      case 'report.dismissed':
        site('reports', -1);
        break;
      case 'post.published': {
        const p = event.post;
        site('posts', 1);
        tag(p.category, 1);
        memberPosts(p.authorId, 1);
        activity(p.authorId, p.createdAt, { posts: 1, points: POINTS.post });
        break;
      }
      case 'post.removed': {
        const p = event.post;
        site('posts', -1);
        site('comments', -p.commentCount);
        site('reports', -event.reports);
        tag(p.category, -1);
        memberPosts(p.authorId, -1);
        activity(p.authorId, p.createdAt, { posts: -1, points: -POINTS.post });
        // What the post earned goes with it: its votes from its author's days, its comments
        // from their writers'.
        for (const v of event.votePoints) activity(p.authorId, v.day, { points: -v.points });
        for (const c of event.comments) activity(c.authorId, c.day, { points: -POINTS.comment * c.count });
        break;
      }
      case 'post.edited':
        // A post that changes its tag moves from one tag's count to the other's.
        if (event.before.category !== event.post.category) {
          tag(event.before.category, -1);
          tag(event.post.category, 1);
        }
        break;
      case 'comment.added': {
        const c = event.comment;
        site('comments', 1);
        post(c.postId, { comments: 1 });
        activity(c.authorId, c.createdAt, { points: POINTS.comment });
        break;
      }
      case 'comments.removed':
        for (const c of event.comments) {
          site('comments', -1);
          if (c.reported) site('reports', -1);
          post(c.postId, { comments: -1 });
          activity(c.authorId, c.createdAt, { points: -POINTS.comment });
        }
        break;
      case 'vote.cast': {
        const { up, down } = voteCountsDelta(event.before, event.after);
        post(event.postId, { up, down });
        // Points received: +1 per up vote, −1 per down vote, booked on the day of the vote. A
        // vote withdrawn or switched takes its points off the day it was cast (where they were
        // booked), and a switched one books its new points on today's.
        if (event.before !== null) activity(event.postAuthorId, event.beforeAt ?? event.at, { points: -votePoints(event.before) });
        if (event.after !== null) activity(event.postAuthorId, event.at, { points: votePoints(event.after) });
        break;
      }
      case 'comment.edited':
      case 'member.updated':
      case 'member.promoted':
      case 'member.demoted':
      case 'membership.upgraded':
      case 'tag.created':
      case 'tag.renamed': // the tag's row keeps its count under the new name
      case 'announcement.edited':
      case 'payment.started':
      case 'payment.confirmed':
      case 'payment.failed':
      case 'webhook.received':
      case 'image.stored':
      case 'activity.rolled':
      case 'forum.seeded':
      case 'search.rebuild':
      case 'search.outdated':
      case 'notification.created':
      case 'notification.read':
      case 'notifications.read-all':
      case 'unread.changed':
      case 'notification-settings.changed':
      case 'sessions.ended':
        break;
      default:
        event satisfies never;
    }
  }
  return moves;
}

async function applyLedgerMoves(db: Db, moves: LedgerMoves): Promise<void> {
  // The leaderboard's tallies first (the week reads the day's rows as they were), then the
  // counts of posts, tags and members, and the site totals last.
  const statements = [
    ...activityStatements(db, [...moves.activity.values()]),
    ...[...moves.posts]
      .filter(([, d]) => d.up !== 0 || d.down !== 0 || d.comments !== 0)
      .map(([postId, delta]) => postCountsMove(db, postId, delta)),
    ...[...moves.tags].filter(([, d]) => d !== 0).map(([tag, delta]) => tagPostCountMove(db, tag, delta)),
    ...[...moves.memberPosts].filter(([, d]) => d !== 0).map(([memberId, delta]) => memberPostCountMove(db, memberId, delta)),
    ...[...moves.site].filter(([, d]) => d !== 0).map(([name, delta]) => siteCounterMove(db, name, delta)),
  ];
  await runCombined(db, statements);
}

/**
 * The counters ledger: every stored count follows the events of the write, in its
 * transaction (posts, comments, votes per post, posts per tag and per member, site totals,
 * the weekly activity). counters.recount.ts computes the same counts from the rows.
 */
export const countersLedger: Reaction = {
  name: 'counters',
  async inTransaction(trx, events) {
    await applyLedgerMoves(trx, ledgerMoves(events));
  },
};
