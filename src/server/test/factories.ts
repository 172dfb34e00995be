import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { promoteToAdmin } from '../features/users/users.service.ts';
import { insertTag } from '../features/tags/tags.queries.ts';
import { signUp, type TestMember } from './sign-in.ts';

export async function createTags(db: Kysely<DB>, ...tags: string[]): Promise<void> {
  for (const tag of tags) await insertTag(db, tag);
}

export async function createAdmin(app: FastifyInstance, db: Kysely<DB>, name = 'Admin'): Promise<TestMember> {
  const admin = await signUp(app, { name });
  await promoteToAdmin(db, admin.email);
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

/** Gives a member Gold directly, as a confirmed payment would. */
export async function makeGold(db: Kysely<DB>, userId: string): Promise<void> {
  await db.updateTable('users').set({ membership: 'Gold' }).where('id', '=', userId).execute();
}
