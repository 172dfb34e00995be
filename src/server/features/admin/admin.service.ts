import type { Page } from '#shared/page.ts';
import { canBan } from '#shared/permissions.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { banMemberRows, countMembers, findMemberForBan, listMembers } from './admin.queries.ts';

export { siteTotals } from '../counters/counters.service.ts';

export async function listMemberPage(db: Db, page: PaginationQuery, search: string): Promise<Page<User>> {
  const [items, total] = await Promise.all([listMembers(db, page, search), countMembers(db, search)]);
  return { items, total };
}

export { countMembers };

/**
 * DESIGN.md's ban: the account can no longer sign in or sign up again, its sessions end at
 * once; its posts and other comments stay. Admins cannot be banned.
 */
export async function banMember(writes: WritePath, admin: SessionViewer, email: string): Promise<{ deletedCount: number }> {
  return writes.run(async (w) => {
    const user = await findMemberForBan(w.trx, email);
    if (!user || user.bannedAt) return { deletedCount: 0 };
    if (!canBan(user)) throw forbidden('Administrators cannot be banned.');
    await banMemberRows(w.trx, { id: user.id, email }, admin.id);
    w.record({ type: 'member.banned', memberId: user.id });
    return { deletedCount: 1 };
  });
}
