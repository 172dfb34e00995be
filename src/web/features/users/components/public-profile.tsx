// A member's public profile (/members/{id}): photo, name, membership and Admin badges, the
// day they joined and their counts. No email: the API never sends one.
import { toMembership } from '#shared/constants.ts';
import type { MemberProfile } from '#shared/schemas/member.ts';
import { useIsHydrating } from '#web/lib/first-view.tsx';
import { MembershipBadge } from './membership-badge.tsx';
import { ProfileHeader } from './profile-header.tsx';

const joinedFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });
// The server renders the page in UTC (ADR 0015), and hydration must show its text; the reader's
// own day follows at once.
const joinedFormatUtc = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="card flex flex-col-reverse px-2 py-3 text-center sm:px-4">
      <dt className="text-sm break-normal text-muted">{label}</dt>
      <dd className="text-2xl font-semibold tabular-nums text-ink">{value}</dd>
    </div>
  );
}

export function PublicProfile({ member }: { member: MemberProfile }) {
  const joined = (useIsHydrating() ? joinedFormatUtc : joinedFormat).format(new Date(member.joinedAt));
  return (
    <div className="space-y-4">
      <ProfileHeader
        user={member}
        subtitle={
          <>
            Joined <time dateTime={member.joinedAt}>{joined}</time>
          </>
        }
        badge={
          <>
            <MembershipBadge level={toMembership(member.membership)} />
            {member.role === 'Admin' && (
              <span className="inline-flex items-center rounded-full bg-brand-600 px-4 py-1.5 text-sm font-semibold text-white">Admin</span>
            )}
          </>
        }
      />
      <dl className="grid grid-cols-3 gap-3">
        <Figure label={member.posts === 1 ? 'Post' : 'Posts'} value={member.posts} />
        <Figure label={member.comments === 1 ? 'Comment' : 'Comments'} value={member.comments} />
        <Figure label="Points this week" value={member.points} />
      </dl>
    </div>
  );
}
