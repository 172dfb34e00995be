// POST /api/post-data { title, description, category } → { insertedId }. The author comes
// from the session. At the limit the server answers 403 POST_LIMIT_REACHED.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { insertedSchema } from '#shared/schemas/common.ts';
import type { CreatePostInput } from '#shared/schemas/post.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { tagKeys } from '#web/features/tags/api/query-keys.ts';
import { postKeys } from './query-keys.ts';
import { isUnknownTagError } from './unknown-tag.ts';

export const createPost = (input: CreatePostInput) => api.post('/post-data', input, { schema: insertedSchema });

export const isPostLimitError = (error: unknown): boolean => isApiError(error) && error.code === 'POST_LIMIT_REACHED';

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    // Not awaited: the page moves on to My Post at once and the lists refresh meanwhile.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postKeys.all }),
    onError: (error) => {
      // The count is stale when the server says the limit is reached: read it again.
      if (isPostLimitError(error)) void queryClient.invalidateQueries({ queryKey: postKeys.members() });
      // So are the tags: the select offers them as they are now.
      if (isUnknownTagError(error)) void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
