import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/ui/page-header.tsx';
import { usePaginationParams } from '#web/components/ui/use-pagination-params.ts';
import { ManageUsers } from '#web/features/users/components/manage-users.tsx';
import { paths } from '#web/config/paths.ts';

export function ManageUsersPage() {
  const pagination = usePaginationParams();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const onSearch = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.delete('page');
      if (next) copy.set('search', next);
      else copy.delete('search');
      return copy;
    });
  return (
    <div className="space-y-6">
      <PageHeader title={paths.dashboard.manageUsers.title} description="Find members and make them administrators." />
      <ManageUsers pagination={pagination} search={search} onSearch={onSearch} />
    </div>
  );
}
