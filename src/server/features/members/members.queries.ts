import { type Args, prepared } from '../../db/prepared.ts';
import type { Db } from '../../db/schema.ts';

export interface MemberRow {
  id: string;
  name: string;
  image: string | null;
  membership: string;
  role: string;
  createdAt: string;
  postCount: number;
}

// A banned account is no longer a member (DESIGN.md's ban): it has no public profile, as it is
// in no member list, total or the sitemap; its posts and comments stay, under its name.
const memberById = prepared((db, a: Args<{ id: string }>) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'image', 'membership', 'role', 'created_at', 'post_count'])
    .where('id', '=', a.id)
    .where('banned_at', 'is', null),
);

/** The public columns of one member (no email), or null when there is none or it was banned. */
export async function findMember(db: Db, id: string): Promise<MemberRow | null> {
  const r = await memberById.executeTakeFirst(db, { id });
  if (!r) return null;
  return {
    id: r.id,
    name: r.name,
    image: r.image,
    membership: r.membership,
    role: r.role,
    createdAt: new Date(r.created_at).toISOString(),
    postCount: Number(r.post_count),
  };
}

// Reads comments_author_idx alone.
const commentsBy = prepared((db, a: Args<{ id: string }>) =>
  db
    .selectFrom('comments')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('author_id', '=', a.id),
);

export async function countMemberComments(db: Db, id: string): Promise<number> {
  const row = await commentsBy.executeTakeFirst(db, { id });
  return Number(row?.n ?? 0);
}

const weekOf = prepared((db, a: Args<{ id: string; today: string }>) =>
  db.selectFrom('activity_week').select('points').where('user_id', '=', a.id).where('day', '=', a.today),
);

/** The member's points over the week ending today (weeks already brought up to today). */
export async function readWeekPoints(db: Db, id: string, today: string): Promise<number> {
  const row = await weekOf.executeTakeFirst(db, { id, today });
  return Number(row?.points ?? 0);
}
