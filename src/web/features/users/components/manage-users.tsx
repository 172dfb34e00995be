// Manage Users: a search by name or email and the paged table User Name, User Email, Role,
// Subscription Status, "Make Admin" (SPEC.md §2), and "Remove admin" for other admins. Both
// change what a member may do, so each asks first, naming the member.
import { useState } from 'react';
import { toMembership } from '#shared/constants.ts';
import { isAdmin } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { DataTable, type Column } from '#web/components/ui/data-table.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { useLastPageWhenPastTheEnd, type PaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { useViewer } from '#web/lib/auth.ts';
import { toast } from '#web/lib/toast.tsx';
import { cn } from '#web/utils/cn.ts';
import { useUsers } from '../api/get-users.ts';
import { useMakeAdmin } from '../api/make-admin.ts';
import { useRemoveAdmin } from '../api/remove-admin.ts';
import { UserSearchForm } from './user-search-form.tsx';

interface ManageUsersProps {
  pagination: PaginationParams;
  search: string;
  onSearch: (search: string) => void;
}

const pill = 'inline-flex w-fit items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold';

export function ManageUsers({ pagination, search, onSearch }: ManageUsersProps) {
  const { page, size, setPage, setSize } = pagination;
  const { data, error, isPending, isFetching, isSuccess, isPlaceholderData } = useUsers({ page, limit: size }, search);
  const viewer = useViewer();
  const makeAdmin = useMakeAdmin();
  const removeAdmin = useRemoveAdmin();
  // Whose role change is on its way (several may be confirmed in a row).
  const [changing, setChanging] = useState<ReadonlySet<string>>(new Set());
  // The role change waiting for its confirmation.
  const [asking, setAsking] = useState<{ user: User; change: 'promote' | 'demote' } | null>(null);
  const total = data?.total ?? 0;
  // Members banned since (from the report queue, or by another admin), or an old link: the last
  // page that has users, not "No users yet." under pages to go back by.
  useLastPageWhenPastTheEnd({ page, size, setPage }, isSuccess && !isPlaceholderData ? { items: data.items.length, total } : null);

  const changeRole = (user: User, change: 'promote' | 'demote') => {
    setChanging((current) => new Set(current).add(user.email));
    const mutation = change === 'promote' ? makeAdmin : removeAdmin;
    mutation.mutate(user.email, {
      onSuccess: () => toast.success(change === 'promote' ? `${user.name} is now an Admin.` : `${user.name} is no longer an Admin.`),
      onError: (changeError) => toast.error(changeError.message),
      onSettled: () =>
        setChanging((current) => {
          const next = new Set(current);
          next.delete(user.email);
          return next;
        }),
    });
  };

  const columns: Column<User>[] = [
    { header: 'User Name', cell: (u) => <span className="font-medium text-ink">{u.name}</span> },
    { header: 'User Email', cell: (u) => <EmailText email={u.email} className="text-muted" /> },
    {
      header: 'Role',
      cell: (u) => (
        <span className={cn(pill, isAdmin(u) ? 'bg-brand-50 text-brand-700' : 'bg-canvas text-ink ring-1 ring-line')}>{u.role}</span>
      ),
    },
    {
      header: 'Subscription Status',
      cell: (u) => (
        <span className={cn(pill, toMembership(u.membership) === 'Gold' ? 'bg-gold-100 text-gold-800' : 'bg-bronze-100 text-bronze-800')}>
          {toMembership(u.membership)}
        </span>
      ),
    },
    {
      header: 'Action',
      cell: (u) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            // Already an administrator.
            disabled={isAdmin(u)}
            isLoading={changing.has(u.email) && !isAdmin(u)}
            onClick={() => setAsking({ user: u, change: 'promote' })}
          >
            Make Admin
          </Button>
          {isAdmin(u) && u.email !== viewer.user?.email && (
            <Button
              size="sm"
              variant="secondary"
              isLoading={changing.has(u.email)}
              onClick={() => setAsking({ user: u, change: 'demote' })}
            >
              Remove admin
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-4">
      <UserSearchForm search={search} onSearch={onSearch} busy={isFetching && !isPending} />
      <DataTable
        caption="Users"
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(u) => u._id}
        isPending={isPending}
        loadingLabel="Loading the users…"
        error={error ? `Could not load the users: ${error.message}` : null}
        empty={search ? `No users match "${search}".` : 'No users yet.'}
        footer={
          total > 0 && <Pagination page={page} size={size} total={total} onPageChange={setPage} onSizeChange={setSize} label="User pages" />
        }
      />
      <ConfirmDialog
        open={asking !== null}
        title={asking?.change === 'demote' ? `Remove ${asking.user.name}'s admin role?` : `Make ${asking?.user.name ?? ''} an admin?`}
        text={
          asking?.change === 'demote'
            ? 'They go back to being a member and lose the admin dashboard.'
            : 'Admins manage users, tags, reported comments and announcements.'
        }
        confirmLabel={asking?.change === 'demote' ? 'Remove admin' : 'Make Admin'}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (asking) changeRole(asking.user, asking.change);
          setAsking(null);
        }}
      />
    </div>
  );
}
