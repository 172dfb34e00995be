import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Page } from '#shared/page.ts';
import type { PublicComment } from '#shared/schemas/comment.ts';
import { buildComment } from '#web/testing/forum-factories.ts';
import { editorKeys, useEditing, whenNotEditing } from '#web/lib/open-editors.ts';
import { createTestQueryClient } from '#web/testing/render-app.tsx';
import { addLiveComment, countedByRefetch, removeLiveComment, replaceLiveComment } from './live-comments.ts';
import { commentKeys } from './query-keys.ts';

describe('a comment that comes live', () => {
  const postId = 'post-1';
  const page = (items: PublicComment[], total: number): Page<PublicComment> => ({ items, total });

  it('joins the last cached page when it has room, grows every total, and comes only once', () => {
    const queryClient = createTestQueryClient();
    const [a, b, c] = [buildComment({ postId }), buildComment({ postId }), buildComment({ postId })];
    queryClient.setQueryData(commentKeys.page(postId, { page: 0, limit: 2 }), page([a, b], 3));
    queryClient.setQueryData(commentKeys.page(postId, { page: 1, limit: 2 }), page([c], 3));
    queryClient.setQueryData(commentKeys.detailPage(postId, { page: 0, limit: 10 }), page([], 3));

    const live = buildComment({ postId, comment: 'Fresh' });
    addLiveComment(queryClient, live);
    addLiveComment(queryClient, live);

    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 0, limit: 2 }))).toEqual(page([a, b], 4));
    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 1, limit: 2 }))).toEqual(page([c, live], 4));
    // The owner's details (with emails) are not the public list: fetched on their own terms.
    expect(queryClient.getQueryData(commentKeys.detailPage(postId, { page: 0, limit: 10 }))).toEqual(page([], 3));
  });

  it('leaves a comment the list already has (one’s own, fetched again after posting)', () => {
    const queryClient = createTestQueryClient();
    const mine = buildComment({ postId });
    queryClient.setQueryData(commentKeys.page(postId, { page: 0, limit: 5 }), page([mine], 1));
    addLiveComment(queryClient, mine);
    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 0, limit: 5 }))).toEqual(page([mine], 1));
  });

  it('starts no page of its own: a full last page only grows its total', () => {
    const queryClient = createTestQueryClient();
    const [a, b] = [buildComment({ postId }), buildComment({ postId })];
    queryClient.setQueryData(commentKeys.page(postId, { page: 0, limit: 2 }), page([a, b], 2));
    addLiveComment(queryClient, buildComment({ postId }));
    expect(queryClient.getQueryData(commentKeys.page(postId, { page: 0, limit: 2 }))).toEqual(page([a, b], 3));
  });

  it('counts a comment on no cached page once, whether its event comes twice or is the reader’s own, fetched again', () => {
    const queryClient = createTestQueryClient();
    const [a, b] = [buildComment({ postId }), buildComment({ postId })];
    const key = commentKeys.page(postId, { page: 0, limit: 2 });
    queryClient.setQueryData(key, page([a, b], 2));
    const live = buildComment({ postId });
    addLiveComment(queryClient, live);
    addLiveComment(queryClient, live);
    expect(queryClient.getQueryData(key)).toEqual(page([a, b], 3));

    // One's own, counted by the pages fetched again after posting, before its event comes.
    const mine = buildComment({ postId });
    countedByRefetch(queryClient, mine._id);
    queryClient.setQueryData(key, page([a, b], 4));
    addLiveComment(queryClient, mine);
    expect(queryClient.getQueryData(key)).toEqual(page([a, b], 4));
  });

  it('puts an edited comment in place of the one cached, but never over a newer version', () => {
    const queryClient = createTestQueryClient();
    const [a, b] = [buildComment({ postId }), buildComment({ postId })];
    const key = commentKeys.page(postId, { page: 0, limit: 5 });
    queryClient.setQueryData(key, page([a, b], 2));

    const first = { ...a, comment: 'Edited', commentHtml: '<p>Edited</p>', editedAt: '2026-11-30T12:01:00.000Z' };
    replaceLiveComment(queryClient, first);
    expect(queryClient.getQueryData(key)).toEqual(page([first, b], 2));

    const second = { ...first, comment: 'Edited again', commentHtml: '<p>Edited again</p>', editedAt: '2026-11-30T12:02:00.000Z' };
    replaceLiveComment(queryClient, second);
    // The first edit's event again, late (it waited for the reader's editor, or came twice).
    replaceLiveComment(queryClient, first);
    expect(queryClient.getQueryData(key)).toEqual(page([second, b], 2));
  });

  it('takes a removed comment off the pages holding it and counts it off every total, once', () => {
    const queryClient = createTestQueryClient();
    const [a, b, c] = [buildComment({ postId }), buildComment({ postId }), buildComment({ postId })];
    const [first, second] = [commentKeys.page(postId, { page: 0, limit: 2 }), commentKeys.page(postId, { page: 1, limit: 2 })];
    queryClient.setQueryData(first, page([a, b], 3));
    queryClient.setQueryData(second, page([c], 3));

    removeLiveComment(queryClient, postId, b._id);
    expect(queryClient.getQueryData(first)).toEqual(page([a], 2));
    expect(queryClient.getQueryData(second)).toEqual(page([c], 2));
    expect(queryClient.getQueryState(first)?.isInvalidated).toBe(false);
    // The page after it: c is now the first page's, so that page is asked for again.
    expect(queryClient.getQueryState(second)?.isInvalidated).toBe(true);

    // On no page held here (gone already, or on a page not fetched): asked for again, not counted off.
    removeLiveComment(queryClient, postId, b._id);
    expect(queryClient.getQueryData(first)).toEqual(page([a], 2));
    expect(queryClient.getQueryState(first)?.isInvalidated).toBe(true);
  });

  it('asks again only for the pages after a removed comment, whose comments each move up a place', () => {
    const queryClient = createTestQueryClient();
    const [a, b, c, d, e] = [
      buildComment({ postId }),
      buildComment({ postId }),
      buildComment({ postId }),
      buildComment({ postId }),
      buildComment({ postId }),
    ];
    const at = (n: number) => commentKeys.page(postId, { page: n, limit: 2 });
    const [first, second, third] = [at(0), at(1), at(2)];
    queryClient.setQueryData(first, page([a, b], 5));
    queryClient.setQueryData(second, page([c, d], 5));
    queryClient.setQueryData(third, page([e], 5));

    removeLiveComment(queryClient, postId, c._id);
    expect(queryClient.getQueryData(first)).toEqual(page([a, b], 4));
    expect(queryClient.getQueryData(second)).toEqual(page([d], 4));
    expect([first, second, third].map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([false, false, true]);
  });

  it('applies every change that waited for the reader’s editor, in the order they came, once it is left', () => {
    const queryClient = createTestQueryClient();
    const [a, b] = [buildComment({ postId }), buildComment({ postId })];
    const key = commentKeys.page(postId, { page: 0, limit: 5 });
    queryClient.setQueryData(key, page([a, b], 2));
    const at = (minute: number) => `2026-11-30T12:0${minute}:00.000Z`;
    const version = (c: PublicComment, text: string, minute: number) => ({
      ...c,
      comment: text,
      commentHtml: `<p>${text}</p>`,
      editedAt: at(minute),
    });
    const [second, first] = [version(a, 'Second', 2), version(a, 'First', 1)];
    const editing = renderHook(() => useEditing(editorKeys.comment(a._id), true));

    // Events of two instances can come out of order: an edit read before a later one (or before
    // the comment's removal) that reaches the stream after it. Shown, the older never wins; so too
    // once the editor is left.
    whenNotEditing(editorKeys.comment(a._id), () => replaceLiveComment(queryClient, second));
    whenNotEditing(editorKeys.comment(a._id), () => replaceLiveComment(queryClient, first));
    editing.unmount();
    expect(queryClient.getQueryData(key)).toEqual(page([second, b], 2));

    const editingB = renderHook(() => useEditing(editorKeys.comment(b._id), true));
    whenNotEditing(editorKeys.comment(b._id), () => removeLiveComment(queryClient, postId, b._id));
    whenNotEditing(editorKeys.comment(b._id), () => replaceLiveComment(queryClient, version(b, 'Read before its removal', 1)));
    editingB.unmount();
    expect(queryClient.getQueryData(key)).toEqual(page([second], 1));
  });
});
