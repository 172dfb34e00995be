import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { newId, nowIso } from '../lib/ids.ts';
import { insertTag } from '../features/tags/tags.queries.ts';
import { promoteToAdmin } from '../features/users/users.service.ts';
import type { TestApp } from './build-test-app.ts';
import { signUp, type TestMember } from './sign-in.ts';

/**
 * Tags as an admin's createTag writes them (through the write path, with its event), without the
 * admin: the tests that need a tag are not about who adds it, and an admin made for it would be
 * one more member in every count they make.
 */
export async function createTags(t: Pick<TestApp, 'writePath'>, ...tags: string[]): Promise<void> {
  for (const tag of tags) {
    const id = newId();
    await t.writePath.run(async (w) => {
      await insertTag(w.trx, { id, tag, createdAt: nowIso() });
      w.record({ type: 'tag.created', tagId: id, tag });
    });
  }
}

export async function createAdmin(t: Pick<TestApp, 'app' | 'writePath'>, name = 'Admin'): Promise<TestMember> {
  const admin = await signUp(t.app, { name });
  await promoteToAdmin(t.writePath, admin.email);
  return admin;
}

/** Creates a post through the real API, as its author would. */
export async function createPost(
  app: FastifyInstance,
  author: TestMember,
  fields: Partial<{ title: string; description: string; category: string }> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/post-data',
    headers: author.headers,
    payload: { title: 'A post', description: 'Some words', category: 'typescript', ...fields },
  });
  if (res.statusCode !== 200) throw new Error(`createPost failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

export async function createComment(app: FastifyInstance, member: TestMember, postId: string, comment = 'Nice post'): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/comment-data', headers: member.headers, payload: { postId, comment } });
  if (res.statusCode !== 200) throw new Error(`createComment failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

/** Edits a comment through the real API, as its writer (or an admin) would. */
export async function editComment(app: FastifyInstance, member: TestMember, commentId: string, comment: string): Promise<void> {
  const res = await app.inject({ method: 'PATCH', url: `/api/comment-data/${commentId}`, headers: member.headers, payload: { comment } });
  if (res.statusCode !== 200) throw new Error(`editComment failed: ${res.statusCode} ${res.body}`);
}

/** Reports a comment through the real API, as the post's owner would; answers the report's id. */
export async function reportComment(
  app: FastifyInstance,
  owner: TestMember,
  commentId: string,
  feedback = 'Spam or promotional content',
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/reported-comment',
    headers: owner.headers,
    payload: { commentId, ReportedComment: feedback },
  });
  if (res.statusCode !== 200) throw new Error(`reportComment failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

/** Publishes an announcement through the real API, as an admin would. */
export async function publishAnnouncement(
  app: FastifyInstance,
  admin: TestMember,
  fields: Partial<{ title: string; description: string }> = {},
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/announcement-data',
    headers: admin.headers,
    payload: { title: 'An announcement', description: 'Some news', ...fields },
  });
  if (res.statusCode !== 200) throw new Error(`publishAnnouncement failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { insertedId: string }).insertedId;
}

/** Gives a member Gold directly, as a confirmed payment would (the membership tests pay for real). */
export async function makeGold(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('users').set({ membership: 'Gold' }).where('id', '=', userId).execute();
}
