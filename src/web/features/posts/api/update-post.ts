// PATCH /api/post-data/{id} (owner or admin) { title?, description?, category? } →
// { modifiedCount }; the version before the edit is kept in the post's history. Every post
// query refreshes: the page, its history, and the lists that show the title and excerpt.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { modifiedSchema } from '#shared/schemas/common.ts';
import { createPostInputSchema } from '#shared/schemas/post.ts';
import { api } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

/** The edit form's part of the post: title, tag and description, under the rules of writing one. */
export const editPostFormSchema = createPostInputSchema.pick({ title: true, description: true, category: true });
export type EditPostForm = z.infer<typeof editPostFormSchema>;

export const updatePost = (id: string, input: EditPostForm) =>
  api.patch(`/post-data/${encodeURIComponent(id)}`, input, { schema: modifiedSchema });

export function useUpdatePost(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EditPostForm) => updatePost(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postKeys.all }),
  });
}
