// A post in the home list (SPEC.md §2): author, time, title, its excerpt, votes, comments and a share
// button. The title's link stretches over the whole card, so the card opens the post
// while the share button (above the link) opens the share dialog instead.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Post } from '#shared/schemas/post.ts';
import { profileOf } from '#shared/writer-profile.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { ArrowDownIcon, ArrowUpIcon, CommentIcon, ShareIcon } from '#web/components/ui/forum-icons.tsx';
import { ProfileLink } from '#web/components/ui/profile-link.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { paths } from '#web/config/paths.ts';

interface PostCardProps {
  post: Post;
  onShare: (post: Post) => void;
  /** The share button is about to be used (hover, focus): a chance to fetch the dialog. */
  onShareIntent?: () => void;
}

function Count({ icon, value, label }: { icon: ReactNode; value: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {icon}
      {value}
      <span className="sr-only"> {label}</span>
    </span>
  );
}

export function PostCard({ post, onShare, onShareIntent }: PostCardProps) {
  const profile = profileOf(post);
  return (
    <article className="group relative rounded-card border border-line bg-surface p-4 shadow-card transition hover:border-brand-200 hover:shadow-md sm:p-5">
      <div className="flex items-center gap-3">
        <ProfileLink memberId={profile} duplicate className="shrink-0" linkClassName="relative z-10">
          <Avatar src={post.photo} alt="" className="size-10 ring-1 ring-line" />
        </ProfileLink>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-ink">
            <ProfileLink memberId={profile} linkClassName="relative z-10 hover:text-brand-700 hover:underline">
              {post.name}
            </ProfileLink>
          </p>
          <RelativeTime value={post.time} className="block text-xs text-muted" />
        </div>
        <span className="max-w-32 shrink-0 truncate rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700">
          #{post.category}
        </span>
      </div>
      {/* dir="auto": a title or excerpt in Arabic or Hebrew reads right to left, its punctuation in place. */}
      <h3 dir="auto" className="mt-3 text-base font-semibold leading-snug text-ink text-pretty sm:text-lg">
        <Link
          to={paths.postDetails.getHref(post._id)}
          className="outline-none after:absolute after:inset-0 after:rounded-card group-hover:text-brand-700 focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
        >
          {post.title}
        </Link>
      </h3>
      {post.excerpt && (
        <p dir="auto" className="mt-1.5 line-clamp-2 text-sm text-muted">
          {post.excerpt}
        </p>
      )}
      <div className="mt-4 flex items-center gap-4 text-sm text-muted">
        <Count icon={<ArrowUpIcon className="size-4 text-success-700" />} value={post.upVote} label="upvotes" />
        <Count icon={<ArrowDownIcon className="size-4 text-danger-600" />} value={post.downVote} label="downvotes" />
        <Count icon={<CommentIcon className="size-4" />} value={post.commentCount} label="comments" />
        <button
          type="button"
          aria-label="Share"
          onClick={() => onShare(post)}
          onPointerEnter={onShareIntent}
          onFocus={onShareIntent}
          className="relative z-10 ml-auto inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-brand-50 hover:text-brand-700"
        >
          <ShareIcon className="size-[18px]" />
        </button>
      </div>
    </article>
  );
}
