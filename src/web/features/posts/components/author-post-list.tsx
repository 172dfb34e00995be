// A member's posts on their public profile (/members/{id}): the home cards, newest first,
// with the pagination of the home list: its pages are links to their addresses, and paging
// brings the top of the list into view.
import { useId, useState } from 'react';
import type { Post } from '#shared/schemas/post.ts';
import { FirstPageLink, Pagination } from '#web/components/ui/pagination.tsx';
import type { PageSize } from '#web/components/ui/pagination-model.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { useListTop } from '#web/components/ui/use-list-top.ts';
import { codeOnDemand, useCodeOnDemand } from '#web/lib/code-on-demand.ts';
import { useAuthorPosts } from '../api/get-author-posts.ts';
import { PostCard } from './post-card.tsx';

// Offline, a Share whose dialog is not here yet opens once the connection is back.
const shareDialogCode = codeOnDemand(() => import('./share-dialog.tsx'));

interface AuthorPostListProps {
  authorId: string;
  /** The member's name, for the heading. */
  name: string;
  page: number;
  size: PageSize;
  onPageChange: (page: number) => void;
  onSizeChange: (size: PageSize) => void;
  /** The address of a page of the list: its pages and "Back to the first page" are links to theirs. */
  pageHref: (page: number) => string;
}

export function AuthorPostList({ authorId, name, page, size, onPageChange, onSizeChange, pageHref }: AuthorPostListProps) {
  const headingId = useId();
  const { top, goTo } = useListTop();
  const [sharing, setSharing] = useState<Post | null>(null);
  const shareDialog = useCodeOnDemand(shareDialogCode, sharing !== null);
  const posts = useAuthorPosts(authorId, { page, limit: size });
  const total = posts.data?.total ?? 0;
  const items = posts.data?.items ?? [];

  return (
    <section ref={top} aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        Posts by {name}
      </h2>
      {posts.isPending ? (
        <PageLoader label="Loading posts…" />
      ) : posts.isError ? (
        <p role="alert" className="card px-5 py-6 text-danger-700">
          Could not load posts: {posts.error.message}
        </p>
      ) : items.length === 0 ? (
        // With a total, the page is past the last (an old link, or posts deleted meanwhile).
        <div className="card px-5 py-10 text-center">
          <p className="text-muted">{total > 0 ? 'No posts on this page.' : 'No posts yet.'}</p>
          {page > 0 && <FirstPageLink className="mt-4" href={pageHref(0)} onFollow={() => onPageChange(0)} />}
        </div>
      ) : (
        <ul aria-busy={posts.isPlaceholderData || undefined} className="space-y-4 transition-opacity aria-busy:opacity-60">
          {items.map((post) => (
            <li key={post._id}>
              <PostCard post={post} onShare={setSharing} />
            </li>
          ))}
        </ul>
      )}
      {posts.isSuccess && total > 0 && (
        <Pagination
          label="Posts pages"
          page={page}
          size={size}
          total={total}
          onPageChange={(to) => goTo(() => onPageChange(to))}
          onSizeChange={(to) => goTo(() => onSizeChange(to))}
          pageHref={pageHref}
        />
      )}
      {sharing && shareDialog && <shareDialog.ShareDialog post={sharing} onClose={() => setSharing(null)} />}
    </section>
  );
}
