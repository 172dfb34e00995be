// One search hit: who wrote it and when, the post's tag, the post's title as the link (for a
// comment "Comment on {title}", leading to the comment on the post page) and the matching
// passage, the words found marked in both.
import { Link } from 'react-router';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { CommentIcon } from '#web/components/ui/forum-icons.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { paths } from '#web/config/paths.ts';
import { cn } from '#web/utils/cn.ts';
import type { SearchHit } from '../api/search-posts.ts';
import { snippetHtml } from './snippet-html.ts';

/** How a found word looks where it is marked: in the title and in the passage. */
const MARKS =
  '[&_mark]:rounded-sm [&_mark]:bg-gold-100 [&_mark]:px-0.5 [&_mark]:font-semibold [&_mark]:text-ink dark:[&_mark]:bg-gold-800/25';

export function SearchHitCard({ hit }: { hit: SearchHit }) {
  const commentId = hit.type === 'comment' ? (hit.commentId ?? undefined) : undefined;
  // After "Comment on", the title is isolated from it (bdi).
  const Title = commentId ? 'bdi' : 'span';
  return (
    <article className="group relative rounded-card border border-line bg-surface p-4 shadow-card transition hover:border-brand-200 hover:shadow-md sm:p-5">
      <div className="flex items-center gap-3">
        <Avatar src={hit.photo} alt="" className="size-9 shrink-0 ring-1 ring-line" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-ink">{hit.name}</p>
          <RelativeTime value={hit.time} className="block text-xs text-muted" />
        </div>
        <span className="max-w-32 shrink-0 truncate rounded-full bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-700">
          #{hit.category}
        </span>
      </div>
      {/* dir="auto": a title in Arabic or Hebrew reads right to left; after "Comment on" it is isolated instead. */}
      <h3 dir="auto" className={cn('mt-3 text-base leading-snug font-semibold text-pretty text-ink sm:text-lg', MARKS)}>
        <Link
          to={paths.postDetails.getHref(hit.postId, commentId)}
          className="outline-none group-hover:text-brand-700 after:absolute after:inset-0 after:rounded-card focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-brand-500"
        >
          {commentId && (
            <>
              <span className="inline-flex items-baseline gap-1 text-sm font-medium text-muted">
                <CommentIcon className="size-4 self-center" />
                Comment on
              </span>{' '}
            </>
          )}
          {/* The title with the words found in it marked: escaped text and <mark> only (see snippetHtml). */}
          <Title dangerouslySetInnerHTML={{ __html: snippetHtml(hit.titleHtml) }} />
        </Link>
      </h3>
      <p
        dir="auto"
        className={cn('mt-1.5 line-clamp-3 text-sm text-ink/85', MARKS)}
        // Escaped text and <mark> only (see snippetHtml).
        dangerouslySetInnerHTML={{ __html: snippetHtml(hit.snippet) }}
      />
    </article>
  );
}
