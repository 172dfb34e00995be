// PATCH /api/tag-data/{id} { tag } (admin) → { modifiedCount }, 409 when the name is taken;
// DELETE /api/tag-data/{id}?moveTo={tag id} (admin) → { deletedCount }, 409 when posts use the
// tag and no tag takes them. Tags and posts both show the tag's name, so both refresh; after a
// refusal, the tags.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deletedSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { api } from '#web/lib/api-client.ts';
import { isTagUsageKey, tagKeys } from './query-keys.ts';

export const renameTag = ({ id, tag }: { id: string; tag: string }) =>
  api.patch(`/tag-data/${encodeURIComponent(id)}`, { tag }, { schema: modifiedSchema });

export const deleteTag = ({ id, moveTo }: { id: string; moveTo?: string }) =>
  api.delete(`/tag-data/${encodeURIComponent(id)}${moveTo ? `?${new URLSearchParams({ moveTo })}` : ''}`, { schema: deletedSchema });

function useTagWrite<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // The tag list and every cached post list may show the old name: refresh them all, but for
    // the count of posts using the tag, which only its Delete dialog reads, as it opens (that of
    // a tag just removed would be asked again, answer 404, and hold the dialog open meanwhile).
    onSuccess: () => queryClient.invalidateQueries({ predicate: ({ queryKey }) => !isTagUsageKey(queryKey) }),
    // Refused: another admin may have removed the tag (404) or taken the name (409) since the tags
    // were read; they are read again, so the list shows the tags as they are.
    onError: () => queryClient.invalidateQueries({ queryKey: tagKeys.list() }),
  });
}

export const useRenameTag = () => useTagWrite(renameTag);
export const useDeleteTag = () => useTagWrite(deleteTag);
