import { Link } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { paths } from '#web/config/paths.ts';
import { usePost } from '../api/get-post.ts';

/** "Comment Details" with the post's title under it and a way back to My Post. */
export function CommentDetailsHeader({ postId }: { postId: string }) {
  const title = usePost(postId).data?.title;
  return (
    <div className="space-y-3">
      <Link to={paths.dashboard.myPost.getHref()} className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        ← Back to My Post
      </Link>
      <PageHeader
        title={paths.dashboard.commentDetails.title}
        description={
          title ? (
            <>
              Comments on <span className="font-medium text-ink">{title}</span>
            </>
          ) : (
            'Comments on your post'
          )
        }
      />
    </div>
  );
}
