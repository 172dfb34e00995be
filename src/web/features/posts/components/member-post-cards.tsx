// My Profile: the member's posts as cards (title, description, "Total Vote", "Posted Time",
// tag), or "No Post Found. To Create Post.." with a link to Add Post (SPEC.md §2).
import { Link } from 'react-router';
import type { Post } from '#shared/schemas/post.ts';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/utils/cn.ts';
import { useMemberPosts } from '../api/get-member-posts.ts';
import { formatPostedTime, totalVotes } from './post-figures.ts';

export function MemberPostCards({ email }: { email: string }) {
  const { data: posts, error, isPending } = useMemberPosts(email);
  return (
    <section aria-labelledby="my-posts-heading" className="space-y-4">
      <h2 id="my-posts-heading" className="text-lg font-semibold tracking-tight">
        My Posts
      </h2>
      {isPending ? (
        // A row of cards' room while they load, so the forms below move less when they come.
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading your posts…
          </p>
          <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2">
            {[0, 1].map((i) => (
              <li key={i} className={cn('card h-48 animate-pulse bg-line/40', i === 1 && 'hidden sm:block')} />
            ))}
          </ul>
        </div>
      ) : error ? (
        <p role="alert" className="card px-5 py-6 text-danger-700">
          Could not load your posts: {error.message}
        </p>
      ) : posts.length === 0 ? (
        <p className="card px-5 py-10 text-center text-muted">
          No Post Found.{' '}
          <Link to={paths.dashboard.addPost.getHref()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            To Create Post..
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {posts.map((post) => (
            <li key={post._id}>
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PostCard({ post }: { post: Post }) {
  return (
    <article className="card flex h-full flex-col gap-3 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 dir="auto" className="min-w-0 font-semibold text-ink">
          <Link to={paths.postDetails.getHref(post._id)} className="hover:text-brand-700 hover:underline">
            {post.title}
          </Link>
        </h3>
        <span className="max-w-1/2 shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          <span className="sr-only">Tag: </span>#{post.category}
        </span>
      </div>
      {/* The description as plain text: its Markdown would show as symbols here. */}
      <p dir="auto" className="line-clamp-3 text-sm text-muted">
        {post.excerpt}
      </p>
      <dl className="mt-auto grid grid-cols-2 gap-3 border-t border-line pt-3 text-sm">
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">Total Vote</dt>
          <dd className="font-semibold text-ink">{totalVotes(post)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium tracking-wide text-muted uppercase">Posted Time</dt>
          <dd className="text-ink">
            <time dateTime={post.time}>{formatPostedTime(post.time)}</time>
          </dd>
        </div>
      </dl>
    </article>
  );
}
