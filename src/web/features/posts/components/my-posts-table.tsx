// My Post: Post Title, Number of Votes, Comment Button, Delete Button, paged (SPEC.md §2).
import { useState } from 'react';
import { Link } from 'react-router';
import type { Post } from '#shared/schemas/post.ts';
import { Button, buttonClasses } from '#web/components/ui/button.tsx';
import { DataTable, type Column } from '#web/components/ui/data-table.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import type { PaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { paths } from '#web/config/paths.ts';
import { useMyPosts } from '../api/get-my-posts.ts';
import { DeletePostDialogs } from './delete-post-dialogs.tsx';
import { totalVotes } from './post-figures.ts';

interface MyPostsTableProps {
  email: string;
  pagination: PaginationParams;
}

export function MyPostsTable({ email, pagination }: MyPostsTableProps) {
  const { page, size, setPage, setSize } = pagination;
  const { data, error, isPending } = useMyPosts(email, { page, limit: size });
  const rows = data?.items ?? [];
  const total = data?.total ?? 0;
  const [deleting, setDeleting] = useState<Post | null>(null);

  const columns: Column<Post>[] = [
    {
      header: 'Post Title',
      cell: (post) => (
        <Link to={paths.postDetails.getHref(post._id)} className="font-medium text-ink hover:text-brand-700 hover:underline">
          {post.title}
        </Link>
      ),
      className: 'w-full @2xl:min-w-48',
    },
    { header: 'Number of Votes', cell: (post) => <span className="tabular-nums">{totalVotes(post)}</span>, className: 'whitespace-nowrap' },
    {
      header: 'Comment Button',
      cell: (post) => (
        <Link
          to={paths.dashboard.commentDetails.getHref(post._id)}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'justify-self-start' })}
        >
          Comment
        </Link>
      ),
    },
    {
      header: 'Delete Button',
      cell: (post) => (
        <Button variant="danger" size="sm" className="justify-self-start" onClick={() => setDeleting(post)}>
          Delete
        </Button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="My posts"
        columns={columns}
        rows={rows}
        rowKey={(post) => post._id}
        isPending={isPending}
        loadingLabel="Loading your posts…"
        error={error ? `Could not load your posts: ${error.message}` : null}
        empty={
          <>
            No Post Found.{' '}
            <Link to={paths.dashboard.addPost.getHref()} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              To Create Post..
            </Link>
          </>
        }
        footer={
          total > 0 && (
            <Pagination page={page} size={size} total={total} onPageChange={setPage} onSizeChange={setSize} label="My posts pages" />
          )
        }
      />
      <DeletePostDialogs
        post={deleting}
        onClose={() => setDeleting(null)}
        // The last row of a later page gone: step back to the page before.
        onDeleted={() => {
          if (rows.length === 1 && page > 0) setPage(page - 1);
        }}
      />
    </>
  );
}
