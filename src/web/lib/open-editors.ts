// What the reader has open in an editor now (a post's edit dialog, a comment's edit form, an
// announcement's edit form on Make Announcement), so
// that a live change of it made elsewhere waits until they leave it: the text on screen behind
// their editor, and the version the editor compares its own with (`saved`, its draft's
// `unchanged`), stay those they started from. Their save still names the version it was opened
// on (baseEditedAt), so an edit made meanwhile is a conflict the editor offers to resolve, not
// lost; once they leave the editor, the changes that waited for it are applied, in order.
// A removal learnt by fetching a list again (back in the tab, after another tab deleted the
// comment) waits as well: the item stays in the list while its editor is open
// (useKeptWhileEditing), so their text goes only when they leave it; a post's page keeps the post
// it showed while its editor, or its Add Comment dialog, is open (useIsEditing), though fetched
// again it is gone.
import { useEffect, useState, useSyncExternalStore } from 'react';

export const editorKeys = {
  post: (postId: string) => `post:${postId}`,
  comment: (commentId: string) => `comment:${commentId}`,
  announcement: (announcementId: string) => `announcement:${announcementId}`,
  /** The Add Comment dialog of a post: a comment being written, not yet one of the post's. */
  newComment: (postId: string) => `new-comment:${postId}`,
};

/** How many editors of each key are open (one, but for a component mounted twice in development). */
const open = new Map<string, number>();
/**
 * The changes of each open key, in the order they came, to apply when its editor closes. All of
 * them, not only the last to come: events of two instances can arrive out of order (an edit read
 * before a later edit, or before the removal, that reaches the stream after it), and each change
 * is one that leaves a newer version, or a removed comment, as it is; applied in order, they
 * leave what they would have had they come while no editor was open.
 */
const waiting = new Map<string, Array<() => void>>();

export const isEditing = (key: string): boolean => (open.get(key) ?? 0) > 0;

/** The keys open now, as one value replaced when an editor opens or closes, for rendering. */
let openKeys: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();
function publish(): void {
  openKeys = new Set(open.keys());
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const readOpenKeys = () => openKeys;

/** Applies the change now, or, while the reader edits `key`, when they leave it (after those that came before it). */
export function whenNotEditing(key: string, apply: () => void): void {
  if (!isEditing(key)) {
    apply();
    return;
  }
  const changes = waiting.get(key);
  if (changes) changes.push(apply);
  else waiting.set(key, [apply]);
}

function release(key: string): void {
  const left = (open.get(key) ?? 1) - 1;
  if (left > 0) {
    open.set(key, left);
    return;
  }
  open.delete(key);
  const changes = waiting.get(key) ?? [];
  waiting.delete(key);
  for (const apply of changes) apply();
  publish();
}

/** Marks `key` as being edited while `active` is true and the component is mounted. */
export function useEditing(key: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const opened = !isEditing(key);
    open.set(key, (open.get(key) ?? 0) + 1);
    if (opened) publish();
    return () => release(key);
  }, [key, active]);
}

/** Whether `key` is being edited now, rendering again when that changes. */
export function useIsEditing(key: string): boolean {
  const read = () => openKeys.has(key);
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The items of a list as fetched, and in their place as well any that the answer lacks but the
 * list showed while the reader has them open in an editor (`editorKey`): removed elsewhere, they
 * stay until the reader leaves the editor, as a live removal waits for it. Another `listKey`
 * (another page of the list) starts afresh: an item left on a page is not carried to the next.
 */
export function useKeptWhileEditing<T>(
  items: readonly T[] | undefined,
  listKey: string,
  editorKey: (item: T) => string,
): readonly T[] | undefined {
  const editing = useSyncExternalStore(subscribe, readOpenKeys, readOpenKeys);
  const [shown, setShown] = useState({ items, listKey, editing, list: items });
  if (shown.items === items && shown.listKey === listKey && shown.editing === editing) return shown.list;
  // The list shown before, updated in this render (React renders again at once, before the children).
  const list = keepEdited(items, shown.listKey === listKey ? shown.list : undefined, editing, editorKey);
  setShown({ items, listKey, editing, list });
  return list;
}

function keepEdited<T>(
  items: readonly T[] | undefined,
  before: readonly T[] | undefined,
  editing: ReadonlySet<string>,
  editorKey: (item: T) => string,
): readonly T[] | undefined {
  if (!items || !before || editing.size === 0) return items;
  const fetched = new Set(items.map(editorKey));
  const kept = before.flatMap((item, index) => (!fetched.has(editorKey(item)) && editing.has(editorKey(item)) ? [{ item, index }] : []));
  if (kept.length === 0) return items;
  const list = [...items];
  for (const { item, index } of kept) list.splice(Math.min(index, list.length), 0, item);
  return list;
}
