// GET /api/post-data/popularity: posts by upVote − downVote, then newest (sort "popularity").
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchPostPage, type PageQuery } from './post-page.ts';
import { postKeys } from './query-keys.ts';

export const getPopularPosts = ({ page, limit }: PageQuery, signal?: AbortSignal) =>
  fetchPostPage('/post-data/popularity', { page, limit }, signal);

export const popularPostsQueryOptions = (page: PageQuery) =>
  queryOptions({
    queryKey: postKeys.popular(page),
    queryFn: ({ signal }) => getPopularPosts(page, signal),
    placeholderData: keepPreviousData,
    meta: { public: true },
  });

export const usePopularPosts = (page: PageQuery) => useQuery(popularPostsQueryOptions(page));
