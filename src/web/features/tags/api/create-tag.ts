// POST /api/tag-data { tag } (admin) → { insertedId }; 409 when the tag exists. Every tag
// query (the home chips, the Add Post select) refreshes; after a refusal, the tag list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema } from '#shared/schemas/common.ts';
import type { CreateTagInput } from '#shared/schemas/tag.ts';
import { api } from '#web/lib/api-client.ts';
import { tagKeys } from './query-keys.ts';

export const createTag = (input: CreateTagInput) => api.post('/tag-data', input, { schema: insertedSchema });

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.all }),
    // A duplicate may be one another admin added since the tags were read: they are read again.
    onError: () => queryClient.invalidateQueries({ queryKey: tagKeys.list() }),
  });
}
