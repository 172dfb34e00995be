import type { Page } from '#shared/page.ts';
import type { AdminStats, PostsOnDay } from '#shared/schemas/admin.ts';
import { canBan } from '#shared/permissions.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { User } from '#shared/schemas/user.ts';
import type { Db } from '../../db/schema.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { SessionViewer } from '../../plugins/auth.ts';
import type { WritePath } from '../../write-path/write-path.ts';
import { siteTotal, siteTotals } from '../counters/counters.service.ts';
import { holdActingAdmin, lockMemberByEmail } from '../users/users.service.ts';
import { banMemberRows, countMembers, countMembersSince, countPostsPerDaySince, listMembers } from './admin.queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const POSTS_PER_DAY_DAYS = 30;

/** The last `days` UTC days ending today, oldest first, as "YYYY-MM-DD". */
export function lastUtcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

async function postsPerDay(db: Db, now: Date): Promise<PostsOnDay[]> {
  const days = lastUtcDays(now, POSTS_PER_DAY_DAYS);
  const counted = new Map((await countPostsPerDaySince(db, `${days[0]}T00:00:00.000Z`)).map((r) => [r.day, r.count]));
  return days.map((day) => ({ day, count: counted.get(day) ?? 0 }));
}

/** The admin dashboard's figures: stored totals and open reports, plus two cheap range reads. */
export async function adminStats(db: Db, now: Date = new Date()): Promise<AdminStats> {
  const [totals, openReports, newMembersThisWeek, perDay] = await Promise.all([
    siteTotals(db),
    siteTotal(db, 'reports'),
    countMembersSince(db, new Date(now.getTime() - 7 * DAY_MS)),
    postsPerDay(db, now),
  ]);
  return { ...totals, openReports, newMembersThisWeek, postsPerDay: perDay };
}

export async function listMemberPage(db: Db, page: PaginationQuery, search: string): Promise<Page<User>> {
  const [items, total] = await Promise.all([listMembers(db, page, search), countMembers(db, search)]);
  return { items, total };
}

export { countMembers };

/**
 * DESIGN.md's ban: the account can no longer sign in or sign up again, its sessions end at
 * once; its posts and other comments stay. Admins cannot be banned, nor anyone by an admin whose
 * role was removed since their session was read (holdActingAdmin).
 */
export async function banMember(writes: WritePath, admin: SessionViewer, email: string): Promise<{ deletedCount: number }> {
  return writes.run(async (w) => {
    await holdActingAdmin(w.trx, admin.id);
    const user = await lockMemberByEmail(w.trx, email);
    if (!user || user.bannedAt) return { deletedCount: 0 };
    if (!canBan(user)) throw forbidden('Administrators cannot be banned.');
    await banMemberRows(w.trx, { id: user.id, email }, admin.id);
    w.record({ type: 'member.banned', memberId: user.id });
    return { deletedCount: 1 };
  });
}
