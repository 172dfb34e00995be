// What the reader has open in an editor now (a post's edit dialog, a comment's edit form), so
// that a live change of it made elsewhere waits until they leave it: the text on screen behind
// their editor, and the version the editor compares its own with (`saved`, its draft's
// `unchanged`), stay those they started from. Their save still names the version it was opened
// on (baseEditedAt), so an edit made meanwhile is a conflict the editor offers to resolve, not
// lost; once they leave the editor, the changes that waited for it are applied, in order.
import { useEffect } from 'react';

export const editorKeys = {
  post: (postId: string) => `post:${postId}`,
  comment: (commentId: string) => `comment:${commentId}`,
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
}

/** Marks `key` as being edited while `active` is true and the component is mounted. */
export function useEditing(key: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    open.set(key, (open.get(key) ?? 0) + 1);
    return () => release(key);
  }, [key, active]);
}
