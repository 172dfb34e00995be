// GET /api/pagination: the newest posts, one page (the home list when nothing is searched).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPostPage, type PageQuery } from './post-page.ts';
import { postKeys } from './query-keys.ts';

export const getPosts = ({ page, limit }: PageQuery, signal?: AbortSignal) => fetchPostPage('/pagination', { page, limit }, signal);

export const postsQueryOptions = (page: PageQuery) =>
  queryOptions({
    queryKey: postKeys.newest(page),
    queryFn: ({ signal }) => getPosts(page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });

export const usePosts = (page: PageQuery) => useQuery(postsQueryOptions(page));
