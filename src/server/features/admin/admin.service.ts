import type { Kysely } from 'kysely';
import type { AdminStats } from '#shared/schemas/admin.ts';
import type { DB } from '../../db/schema.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import { addToCounter, readCounter } from '../counters/counters.queries.ts';
import { contentChanged } from '../../lib/read-cache.ts';
import { banMemberRows, findMemberForBan } from './admin.queries.ts';

export async function siteTotals(db: Kysely<DB>): Promise<AdminStats> {
  const [posts, comments, users] = await Promise.all([readCounter(db, 'posts'), readCounter(db, 'comments'), readCounter(db, 'users')]);
  return { posts, comments, users };
}

/**
 * DESIGN.md's ban: the account can no longer sign in or sign up again, its sessions end at
 * once; its posts and other comments stay. Admins cannot be banned.
 */
export async function banMember(db: Kysely<DB>, admin: SessionViewer, email: string): Promise<{ deletedCount: number }> {
  const result = await db.transaction().execute(async (trx) => {
    const user = await findMemberForBan(trx, email);
    if (!user || user.bannedAt) return { deletedCount: 0 };
    if (user.role === 'Admin') throw forbidden('Administrators cannot be banned.');
    await banMemberRows(trx, { id: user.id, email }, admin.id);
    await addToCounter(trx, 'users', -1);
    return { deletedCount: 1 };
  });
  // A banned member leaves the leaderboard at once.
  if (result.deletedCount > 0) await contentChanged(db);
  return result;
}
