// POST /api/markdown/preview { markdown, kind } → { html }: the server's own renderer, so the
// editor's preview is exactly what will be stored (a comment's headings start lower than a
// post's: the kind says which). The browser never parses Markdown.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { POST_DESCRIPTION_MAX } from '#shared/constants.ts';
import { hasVisibleText, trimMarkdown } from '#shared/schemas/common.ts';
import type { MarkdownKind, MarkdownPreviewInput } from '#shared/schemas/markdown.ts';
import { api } from './api-client.ts';

export const markdownKeys = {
  all: ['markdown'] as const,
  preview: (markdown: string, kind: MarkdownKind) => [...markdownKeys.all, 'preview', kind, markdown] as const,
};

export const previewMarkdown = async (input: Required<MarkdownPreviewInput>, signal?: AbortSignal): Promise<string> =>
  (await api.post<{ html: string }>('/markdown/preview', input, { signal })).html;

export const markdownPreviewQueryOptions = (markdown: string, kind: MarkdownKind) =>
  queryOptions({
    queryKey: markdownKeys.preview(markdown, kind),
    queryFn: ({ signal }) => previewMarkdown({ markdown, kind }, signal),
    // The same text always renders the same way.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });

/** What the server previews at the most (API.md: a post's bounds); longer text is not sent. */
export const PREVIEW_MAX = POST_DESCRIPTION_MAX;

/** Whether the server would preview `markdown`: it shows something, and within the bounds once trimmed as stored. */
const isPreviewable = (markdown: string): boolean => hasVisibleText(markdown) && trimMarkdown(markdown).length <= PREVIEW_MAX;

/** The preview of `markdown`, written as `kind`, while `enabled` (the Preview tab is open); nothing for blank or over-long text. */
export const useMarkdownPreview = (markdown: string, kind: MarkdownKind, enabled: boolean) =>
  useQuery({ ...markdownPreviewQueryOptions(markdown, kind), enabled: enabled && isPreviewable(markdown) });
