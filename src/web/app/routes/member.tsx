// /members/{id} (anyone): a member's public profile, their counts and their posts, paged
// (?page=&limit=). An unknown member shows "No Page Found".
import { useParams } from 'react-router';
import { HOME_PAGE_SIZE } from '#shared/constants.ts';
import { Button } from '#web/components/ui/button.tsx';
import type { PageSize } from '#web/components/ui/pagination-model.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { AuthorPostList } from '#web/features/posts/components/author-post-list.tsx';
import { useMember } from '#web/features/users/api/get-member.ts';
import { PublicProfile } from '#web/features/users/components/public-profile.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { NotFoundPage } from './not-found.tsx';

export function MemberPage() {
  const { id = '' } = useParams();
  const member = useMember(id);
  // Paged in place, as home's list is: the list brings its own top into view (AuthorPostList).
  const { page, size, pageHref, setPage, setSize } = usePaginationParams(HOME_PAGE_SIZE as PageSize, { keepScroll: true });
  useDocumentTitle(member.data?.name);

  if (member.isPending) return <PageLoader label="Loading profile…" />;
  if (member.isError) {
    if (isApiError(member.error) && (member.error.status === 404 || member.error.status === 400)) return <NotFoundPage />;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Could not load this profile</h1>
        <p className="mt-2 text-muted">{member.error.message}</p>
        <Button size="lg" className="mt-8" onClick={() => void member.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-3 py-6 sm:px-4 lg:py-8">
      <PublicProfile member={member.data} />
      <AuthorPostList
        authorId={member.data._id}
        name={member.data.name}
        page={page}
        size={size}
        onPageChange={setPage}
        onSizeChange={setSize}
        pageHref={pageHref}
      />
    </div>
  );
}
