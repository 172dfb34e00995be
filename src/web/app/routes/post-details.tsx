// /post-details/{id} (signed-in only): the post, its votes and share dialog, then the
// comments with "Add Comment"; `#comment-{id}` opens the comments on that comment. A post
// that does not exist shows a not-found state; one deleted while the reader has it open in its
// editor or writes a comment on it (another tab, an admin, a ban), once they leave the dialog.
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { canEditPost } from '#shared/permissions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ArrowLeftIcon } from '#web/components/ui/forum-icons.tsx';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { paths } from '#web/config/paths.ts';
import { PostComments } from '#web/features/comments/components/post-comments.tsx';
import { useReadPostNotifications } from '#web/features/notifications/api/read-post-notifications.ts';
import { usePost } from '#web/features/posts/api/get-post.ts';
import { useLivePostEdits } from '#web/features/posts/api/live-post-edits.ts';
import { useLivePostRemoval } from '#web/features/posts/api/live-post-removal.ts';
import { postKeys } from '#web/features/posts/api/query-keys.ts';
import { PostArticle } from '#web/features/posts/components/post-article.tsx';
import { PostNotFound } from '#web/features/posts/components/post-not-found.tsx';
import { ShareButton } from '#web/features/posts/components/share-button.tsx';
import { tagsQueryOptions } from '#web/features/tags/api/get-tags.ts';
import { useLiveVotes } from '#web/features/votes/api/live-votes.ts';
import { VoteButtons } from '#web/features/votes/components/vote-buttons.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { usePermissionViewer } from '#web/lib/auth.ts';
import { useLivePost } from '#web/lib/live-events.ts';
import { editorKeys, useIsEditing } from '#web/lib/open-editors.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** The comment id a location hash names (`#comment-{id}`, see commentAnchor), or null. */
function commentIdFromHash(hash: string): string | null {
  const match = /^#comment-(.+)$/.exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

export function PostDetailsPage() {
  const { id = '' } = useParams();
  const post = usePost(id);
  // A link to one comment (a search hit): the comments open on it.
  const highlightId = commentIdFromHash(useLocation().hash);
  const missing = post.isError && isApiError(post.error) && (post.error.status === 404 || post.error.status === 400);
  // While the reader edits the post, or writes a comment on it, the page keeps the version it
  // showed (the query's last data) though fetched again it is gone: the dialog, and their text in
  // it, stay until they leave it, and its save says the post no longer exists. As a live edit
  // waits (live-post-edits.ts).
  const editing = useIsEditing(editorKeys.post(id));
  const commenting = useIsEditing(editorKeys.newComment(id));
  const shown = post.isSuccess || (post.isError && (editing || commenting)) ? post.data : undefined;
  useDocumentTitle(missing && !shown ? 'Post not found' : shown?.title);
  // This post's comments and votes come live while the page is open, and so do its edits and its removal.
  useLivePost(id);
  useLiveVotes(id, postKeys.detail(id));
  useLivePostEdits(id);
  useLivePostRemoval(id);
  // Opened, the post is read: so are the inbox's notifications of it.
  useReadPostNotifications(id, post.isSuccess);
  // The tags an edit may move the post to, asked for only by those who may edit it.
  const viewer = usePermissionViewer();
  const tags = useQuery({ ...tagsQueryOptions(), enabled: shown !== undefined && canEditPost(viewer, shown) });

  if (post.isPending) return <PageLoader label="Loading post…" />;
  if (!shown) {
    // An id the server does not know, or cannot be one.
    if (missing) return <PostNotFound />;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Could not load this post</h1>
        <p className="mt-2 text-muted">{post.error?.message}</p>
        <Button size="lg" className="mt-8" onClick={() => void post.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-3 py-6 sm:px-4 lg:py-10">
      <Link
        to={paths.home.getHref()}
        className="mb-4 inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-medium text-muted hover:bg-ink/5 hover:text-ink"
      >
        <ArrowLeftIcon className="size-4" />
        All posts
      </Link>
      <PostArticle
        post={shown}
        tagChoices={{ tags: tags.data, error: tags.error }}
        actions={
          <>
            <VoteButtons postId={shown._id} postKey={postKeys.detail(id)} votes={shown} />
            <div className="ml-auto">
              <ShareButton post={shown} />
            </div>
          </>
        }
      />
      <PostComments key={highlightId ?? ''} postId={shown._id} highlightId={highlightId} />
    </div>
  );
}
