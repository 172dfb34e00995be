// GET /api/tag-data/{id}/usage (admin) → { postCount }: how many posts use the tag, which the
// Delete Tag dialog asks as it opens (a tag posts use needs one to move them to).
import { useQuery } from '@tanstack/react-query';
import { tagUsageSchema } from '#shared/schemas/tag.ts';
import { api } from '#web/lib/api-client.ts';
import { tagKeys } from './query-keys.ts';

export const getTagUsage = (id: string, signal?: AbortSignal) =>
  api.get(`/tag-data/${encodeURIComponent(id)}/usage`, { signal, schema: tagUsageSchema });

// Not kept once the dialog closes: posts may take or leave the tag before it opens again, so
// each opening asks afresh rather than showing the last count meanwhile.
export const useTagUsage = (id: string) =>
  useQuery({ queryKey: tagKeys.usage(id), queryFn: ({ signal }) => getTagUsage(id, signal), gcTime: 0 });
