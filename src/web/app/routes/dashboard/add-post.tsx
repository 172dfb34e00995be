import { PageHeader } from '#web/components/ui/page-header.tsx';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { AddPost } from '#web/features/posts/components/add-post.tsx';
import { useTags } from '#web/features/tags/api/get-tags.ts';
import { useUser } from '#web/features/users/api/get-user.ts';
import { ProfileError } from '#web/features/users/components/profile-header.tsx';
import { useViewer } from '#web/lib/auth.ts';
import { paths } from '#web/config/paths.ts';

export function AddPostPage() {
  const { user } = useViewer();
  return (
    <div className="space-y-6">
      <PageHeader title={paths.dashboard.addPost.title} description="Share a question, a finding or a guide with the community." />
      {user && <AddPostAs email={user.email} />}
    </div>
  );
}

/** The author's stored record holds the membership the post limit depends on. */
function AddPostAs({ email }: { email: string }) {
  const { data: author, error, isPending } = useUser(email);
  const tags = useTags();
  if (isPending) return <PageLoader label="Loading your profile…" />;
  if (error) return <ProfileError message={error.message} />;
  return <AddPost author={author} tagChoices={{ tags: tags.data, error: tags.error }} />;
}
