// Add Post (SPEC.md §2): the form, or, when the member has reached the post limit of their
// membership, the upgrade prompt. The limit is known before the form is filled (post count
// against membership) and also when the server refuses a post with POST_LIMIT_REACHED.
import { useState } from 'react';
import { hasReachedPostLimit } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { usePostCount } from '../api/get-post-count.ts';
import { AddPostForm, type TagChoices } from './add-post-form.tsx';
import { PostLimitNotice } from './post-limit-notice.tsx';

export function AddPost({ author, tagChoices }: { author: User; tagChoices: TagChoices }) {
  const count = usePostCount(author.email);
  const [refused, setRefused] = useState(false);
  // Once a post is written the page is on its way to My Post: the fresh count must not
  // swap the form for the prompt in between.
  const [created, setCreated] = useState(false);

  if (count.isPending) return <PageLoader label="Checking your post limit…" />;
  const reached = refused || (count.data !== undefined && hasReachedPostLimit(author.membership, count.data));
  if (reached && !created) return <PostLimitNotice membership={author.membership} refusedPost={refused} />;
  return <AddPostForm author={author} tagChoices={tagChoices} onCreated={() => setCreated(true)} onLimitReached={() => setRefused(true)} />;
}
