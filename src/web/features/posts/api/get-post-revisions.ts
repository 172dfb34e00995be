// GET /api/post-data/{id}/revisions (member): the post's earlier versions, newest first,
// one page; the total in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import type { PostRevision } from '#shared/schemas/post.ts';
import { getPage } from '#web/lib/api-client.ts';
import { postKeys } from './query-keys.ts';

export const getPostRevisions = (id: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<PostRevision>(`/post-data/${encodeURIComponent(id)}/revisions`, { page, limit }, signal);

export const postRevisionsQueryOptions = (id: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: postKeys.revisions(id, page),
    queryFn: ({ signal }) => getPostRevisions(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePostRevisions = (id: string, page: PaginationQuery, enabled: boolean) =>
  useQuery({ ...postRevisionsQueryOptions(id, page), enabled });
