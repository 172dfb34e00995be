// A post in full (SPEC.md §2 "Post detail"): author photo and name, time, title, the
// description with its line breaks, the tag, and the actions the page passes in.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PostDetail } from '#shared/schemas/post.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { RelativeTime } from '#web/components/ui/relative-time.tsx';
import { paths } from '#web/config/paths.ts';

interface PostArticleProps {
  post: PostDetail;
  /** Votes and share, under the text. */
  actions?: ReactNode;
}

export function PostArticle({ post, actions }: PostArticleProps) {
  const tagHref = `${paths.home.getHref()}?${new URLSearchParams({ search: post.category }).toString()}`;
  return (
    <article className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-8">
      <header className="flex items-center gap-3">
        <Avatar src={post.photo} alt="" className="size-12 ring-1 ring-line" />
        <div className="min-w-0">
          <p className="truncate font-medium text-ink">{post.name}</p>
          <RelativeTime value={post.time} className="block text-sm text-muted" />
        </div>
      </header>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-balance sm:text-3xl">{post.title}</h1>
      <Link
        to={tagHref}
        className="mt-3 inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-100"
      >
        #{post.category}
      </Link>
      <div className="mt-5 text-base leading-relaxed whitespace-pre-line text-ink/90">{post.description}</div>
      {actions && <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">{actions}</div>}
    </article>
  );
}
