// /membership (signed-in only): the member's stored record decides the view. After the
// upgrade every user record is reloaded, so the page (and the post limit) follow it.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '#web/components/ui/button.tsx';
import { PageLoader } from '#web/components/ui/spinner.tsx';
import { Membership } from '#web/features/membership/components/membership.tsx';
import { useUser } from '#web/features/users/api/get-user.ts';
import { userKeys } from '#web/features/users/api/query-keys.ts';
import { useViewer } from '#web/lib/auth.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths } from '#web/config/paths.ts';

export function MembershipPage() {
  useDocumentTitle(paths.membership.title);
  const { user } = useViewer();
  return user ? <MemberMembership email={user.email} /> : null;
}

function MemberMembership({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const { data: user, error, isPending, refetch } = useUser(email);
  const reloadUsers = useCallback(() => queryClient.invalidateQueries({ queryKey: userKeys.all }), [queryClient]);

  // A failed reload keeps the record already shown.
  if (user) return <Membership user={user} onUpgraded={reloadUsers} />;
  if (isPending) return <PageLoader label="Loading your membership…" />;
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <div role="alert" className="card space-y-3 px-5 py-6 text-danger-700">
        <p>Could not load your membership: {error.message}</p>
        <Button variant="secondary" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    </div>
  );
}
