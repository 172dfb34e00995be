import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionViewer } from '../../plugins/auth.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTags } from '../../test/factories.ts';
import { storedCountsBesideRecount } from '../../test/rows.ts';
import { asViewer, signUp, type TestMember } from '../../test/sign-in.ts';
import { publishPost, removePost } from '../posts/posts.service.ts';
import { castVote } from './votes.service.ts';

// A vote's points are booked on the day it was cast (counters.recount.ts). A vote switched or
// withdrawn on a later day takes its points off the day it was cast, not off the day it changed:
// otherwise the day it was cast keeps them, and the leaderboard's week, once that day has left it,
// counts a point the author no longer has (or two off for one down vote).
describe('a vote switched or withdrawn on a later day than it was cast', () => {
  let t: TestApp;
  let voter: TestMember;
  let viewer: SessionViewer;
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await buildTestApp();
    await createTags(t, 'go');
    voter = await signUp(t.app, { name: 'Voter' });
    viewer = asViewer(voter);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  /** Runs a write as if `daysAgo` days ago (only the clock the write and the ledger read moves). */
  async function daysAgo<T>(days: number, write: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - days * DAY });
    try {
      return await write();
    } finally {
      vi.useRealTimers();
    }
  }

  const publish = async (author: TestMember) =>
    (await publishPost(t.writePath, asViewer(author), { title: 'A post', description: 'Some words', category: 'go' })).insertedId;

  async function expectCountsAsCounted() {
    const { running, counted } = await storedCountsBesideRecount(t.db);
    expect(running).toEqual(counted);
  }

  const weekPoints = async (memberId: string) => {
    const rows = (await t.app.inject({ url: '/api/user-data' })).json() as Array<{ _id: string; points: number }>;
    return rows.find((r) => r._id === memberId)?.points;
  };

  it('switched today from an up vote cast 8 days ago: the week counts one down vote received', async () => {
    const author = await signUp(t.app, { name: 'Switched' });
    const postId = await daysAgo(8, () => publish(author));
    await daysAgo(8, () => castVote(t.writePath, viewer, postId, 'up'));
    await publish(author);
    await castVote(t.writePath, viewer, postId, 'down');
    // 10 for today's post, −1 for the down vote: the up vote was cast before the week began.
    expect(await weekPoints(author.id)).toBe(9);
    await expectCountsAsCounted();
  });

  it('withdrawn today, cast 8 days ago: the week counts no vote', async () => {
    const author = await signUp(t.app, { name: 'Withdrawn' });
    const postId = await daysAgo(8, () => publish(author));
    await daysAgo(8, () => castVote(t.writePath, viewer, postId, 'up'));
    await publish(author);
    await castVote(t.writePath, viewer, postId, 'up');
    expect(await weekPoints(author.id)).toBe(10);
    await expectCountsAsCounted();
  });

  it('switched on a later day, then the post removed: nothing of the vote is left on any day', async () => {
    const author = await signUp(t.app, { name: 'Removed' });
    const postId = await daysAgo(3, () => publish(author));
    await daysAgo(3, () => castVote(t.writePath, viewer, postId, 'down'));
    await daysAgo(1, () => castVote(t.writePath, viewer, postId, 'up'));
    await removePost(t.writePath, asViewer(author), postId);
    await expectCountsAsCounted();
  });
});
