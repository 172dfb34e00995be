// GET /api/comment-data/{id}/revisions (member): the comment's earlier versions, newest
// first, one page; the total in X-Total-Count.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CommentRevision } from '#shared/schemas/comment.ts';
import type { PaginationQuery } from '#shared/schemas/common.ts';
import { getPage } from '#web/lib/api-client.ts';
import { commentKeys } from './query-keys.ts';

export const getCommentRevisions = (id: string, { page, limit }: PaginationQuery, signal?: AbortSignal) =>
  getPage<CommentRevision>(`/comment-data/${encodeURIComponent(id)}/revisions`, { page, limit }, signal);

export const commentRevisionsQueryOptions = (id: string, page: PaginationQuery) =>
  queryOptions({
    queryKey: commentKeys.revisions(id, page),
    queryFn: ({ signal }) => getCommentRevisions(id, page, signal),
    placeholderData: keepPreviousData,
  });

export const useCommentRevisions = (id: string, page: PaginationQuery, enabled: boolean) =>
  useQuery({ ...commentRevisionsQueryOptions(id, page), enabled });
