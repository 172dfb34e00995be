// PATCH /api/post-data/{id} (owner or admin) { title?, description?, category?, baseEditedAt? } →
// { modifiedCount }; the version before the edit is kept in the post's history. Every post
// query refreshes: the page, its history, and the lists that show the title and excerpt. Refused
// with 409 CONFLICT when the post was edited since the version the editor started from: the
// page is fetched again before the error shows, so the editor can offer the latest version.
// Refused with 404 NOT_FOUND when the post was deleted meanwhile: every post query is fetched
// again too, so the lists drop it and its page learns it is gone (shown once the editor is left).
// Refused with 400 on `category` when the tag is gone: the tags and the post are fetched again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { baseEditedAtSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { createPostInputSchema } from '#shared/schemas/post.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { tagKeys } from '#web/features/tags/api/query-keys.ts';
import { postKeys } from './query-keys.ts';
import { isUnknownTagError } from './unknown-tag.ts';

/**
 * The edit form's part of the post: title, tag and description, under the rules of writing one,
 * and the editedAt of the version they were loaded from.
 */
export const editPostFormSchema = createPostInputSchema
  .pick({ title: true, description: true, category: true })
  .extend({ baseEditedAt: baseEditedAtSchema });
export type EditPostForm = z.infer<typeof editPostFormSchema>;

export const updatePost = (id: string, input: EditPostForm) =>
  api.patch(`/post-data/${encodeURIComponent(id)}`, input, { schema: modifiedSchema });

export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditPostForm) => updatePost(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
    onError: (error) => {
      if (isApiError(error) && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND'))
        return queryClient.invalidateQueries({ queryKey: postKeys.all });
      // The tags are stale, and so may be the post's own (a removed or renamed tag moves its
      // posts): both are read again before the refusal shows, so the select offers them as they are.
      if (isUnknownTagError(error))
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: tagKeys.all }),
          queryClient.invalidateQueries({ queryKey: postKeys.detail(id) }),
        ]);
      return undefined;
    },
  });
}
