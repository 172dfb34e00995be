import { Link } from 'react-router';
import { buttonClasses } from '#web/components/ui/button.tsx';
import { PlusIcon } from '#web/components/ui/icons.tsx';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { paths } from '#web/config/paths.ts';
import { MyPostsTable } from '#web/features/posts/components/my-posts-table.tsx';
import { useViewer } from '#web/lib/auth.ts';

export function MyPostPage() {
  const { user } = useViewer();
  const pagination = usePaginationParams();
  return (
    <div className="space-y-6">
      <PageHeader
        title={paths.dashboard.myPost.title}
        description="Your posts with their votes. Open a post's comments to read and report them."
        actions={
          <Link to={paths.dashboard.addPost.getHref()} className={buttonClasses({ variant: 'secondary' })}>
            <PlusIcon className="size-4" />
            Add Post
          </Link>
        }
      />
      {user && <MyPostsTable email={user.email} pagination={pagination} />}
    </div>
  );
}
