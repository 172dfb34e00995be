// One page of a post list as the three home list calls answer it: the posts, and the
// total from the X-Total-Count header (API.md "Pagination").
// Types only from the shared schemas: zod stays off the home page.
import type { Post } from '#shared/schemas/post.ts';
import { apiRequest, totalCountOf, type QueryParams } from '#web/lib/api-client.ts';

export interface PageQuery {
  /** Zero-based. */
  page: number;
  limit: number;
}

export interface PostPage {
  items: Post[];
  total: number;
}

export async function fetchPostPage(path: string, query: QueryParams, signal?: AbortSignal): Promise<PostPage> {
  const { data, headers } = await apiRequest<Post[]>(path, { query, signal });
  // SPEC.md §2: a missing comment count reads as 0.
  const items = data.map((post) => ({ ...post, commentCount: post.commentCount ?? 0 }));
  return { items, total: totalCountOf(headers) };
}
