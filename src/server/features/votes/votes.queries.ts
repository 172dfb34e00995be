import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

export async function findVoteValue(db: Db, postId: string, userId: string): Promise<number | null> {
  const row = await db.selectFrom('votes').select('value').where('post_id', '=', postId).where('user_id', '=', userId).executeTakeFirst();
  return row ? row.value : null;
}

export async function insertVote(db: Db, postId: string, userId: string, value: number, at: string) {
  await db.insertInto('votes').values({ post_id: postId, user_id: userId, value, created_at: at }).execute();
}

export async function updateVote(db: Db, postId: string, userId: string, value: number, at: string) {
  await db.updateTable('votes').set({ value, created_at: at }).where('post_id', '=', postId).where('user_id', '=', userId).execute();
}

export async function deleteVote(db: Db, postId: string, userId: string) {
  await db.deleteFrom('votes').where('post_id', '=', postId).where('user_id', '=', userId).execute();
}
