// A post in full (SPEC.md §2 "Post detail"): author photo and name, time, title, the
// description as the server rendered its Markdown, the tag, and the actions the page passes
// in. Its author or an admin may edit it; an edited post's marker opens its history.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { canEditPost } from '#shared/permissions.ts';
import type { PostDetail } from '#shared/schemas/post.ts';
import { profileOf } from '#shared/writer-profile.ts';
import { EditedMarker } from '#web/components/markdown/edited-marker.tsx';
import { MarkdownContent } from '#web/components/markdown/markdown-content.tsx';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ProfileLink } from '#web/components/ui/profile-link.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { paths } from '#web/config/paths.ts';
import { usePermissionViewer } from '#web/lib/auth.ts';
import { editorKeys, useEditing } from '#web/lib/open-editors.ts';
import type { TagChoices } from './add-post-form.tsx';
import { EditPostDialog } from './edit-post-dialog.tsx';
import { PostHistoryDialog } from './post-history-dialog.tsx';

interface PostArticleProps {
  post: PostDetail;
  /** Votes and share, under the text. */
  actions?: ReactNode;
  /** The tags an edit may move the post to (asked for only where it may be edited). */
  tagChoices?: TagChoices;
}

const NO_TAGS: TagChoices = { tags: undefined, error: null };

export function PostArticle({ post, actions, tagChoices = NO_TAGS }: PostArticleProps) {
  const viewer = usePermissionViewer();
  const [open, setOpen] = useState<'edit' | 'history' | null>(null);
  // A live edit of the post waits while the reader edits it (live-post-edits.ts).
  useEditing(editorKeys.post(post._id), open === 'edit');
  const profile = profileOf(post);
  const tagHref = `${paths.home.getHref()}?${new URLSearchParams({ search: post.category }).toString()}`;
  return (
    <article className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
      <header className="flex items-center gap-3">
        <ProfileLink memberId={profile} duplicate className="shrink-0">
          <Avatar src={post.photo} alt="" className="size-12 ring-1 ring-line" />
        </ProfileLink>
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium text-ink">
            <ProfileLink memberId={profile} linkClassName="hover:text-brand-700 hover:underline">
              {post.name}
            </ProfileLink>
          </p>
          <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm text-muted">
            <RelativeTime value={post.time} />
            {post.editedAt && <EditedMarker editedAt={post.editedAt} onOpen={() => setOpen('history')} />}
          </p>
        </div>
        {canEditPost(viewer, post) && (
          <Button variant="secondary" size="sm" onClick={() => setOpen('edit')}>
            Edit
          </Button>
        )}
      </header>
      <h1 dir="auto" className="mt-5 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {post.title}
      </h1>
      <Link
        to={tagHref}
        className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
      >
        #{post.category}
      </Link>
      <MarkdownContent html={post.descriptionHtml} kind="post" className="mt-5 text-base text-ink/90" />
      {actions && <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">{actions}</div>}
      <EditPostDialog post={post} tagChoices={tagChoices} open={open === 'edit'} onClose={() => setOpen(null)} />
      <PostHistoryDialog postId={post._id} open={open === 'history'} onClose={() => setOpen(null)} />
    </article>
  );
}
