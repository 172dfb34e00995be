// PATCH /api/post-data/{id} (owner or admin) { title?, description?, category?, baseEditedAt? } →
// { modifiedCount }; the version before the edit is kept in the post's history. Every post
// query refreshes: the page, its history, and the lists that show the title and excerpt. Refused
// with 409 CONFLICT when the post was edited since the version the editor started from: the
// page is fetched again before the error shows, so the editor can offer the latest version.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { baseEditedAtSchema, modifiedSchema } from '#shared/schemas/common.ts';
import { createPostInputSchema } from '#shared/schemas/post.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

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
    onError: (error) =>
      isApiError(error) && error.code === 'CONFLICT' ? queryClient.invalidateQueries({ queryKey: postKeys.all }) : undefined,
  });
}
