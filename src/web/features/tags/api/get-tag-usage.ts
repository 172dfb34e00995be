// GET /api/tag-data/{id}/usage (admin) → { postCount }: how many posts use the tag, which the
// Delete Tag dialog asks as it opens (a tag posts use needs one to move them to).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { tagUsageSchema } from '#shared/schemas/tag.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { tagKeys } from './query-keys.ts';

export const getTagUsage = (id: string, signal?: AbortSignal) =>
  api.get(`/tag-data/${encodeURIComponent(id)}/usage`, { signal, schema: tagUsageSchema });

// Not kept once the dialog closes: posts may take or leave the tag before it opens again, so
// each opening asks afresh rather than showing the last count meanwhile.
// A tag not found (another admin removed it since the tags were read): `gone`, and the tags are
// read again, so it leaves the list behind the dialog.
export function useTagUsage(id: string) {
  const queryClient = useQueryClient();
  const usage = useQuery({ queryKey: tagKeys.usage(id), queryFn: ({ signal }) => getTagUsage(id, signal), gcTime: 0 });
  const gone = isApiError(usage.error) && usage.error.code === 'NOT_FOUND';
  useEffect(() => {
    if (gone) void queryClient.invalidateQueries({ queryKey: tagKeys.list() });
  }, [gone, queryClient]);
  return { ...usage, gone };
}
