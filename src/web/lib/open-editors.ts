// What the reader has open in an editor now (a post's edit dialog, a comment's edit form), so
// that a live change of it made elsewhere waits until they leave it: the text on screen behind
// their editor, and the version the editor compares its own with (`saved`, its draft's
// `unchanged`), stay those they started from. Their save still names the version it was opened
// on (baseEditedAt), so an edit made meanwhile is a conflict the editor offers to resolve, not
// lost; once they leave the editor, the latest change waiting for it is applied.
import { useEffect } from 'react';

export const editorKeys = {
  post: (postId: string) => `post:${postId}`,
  comment: (commentId: string) => `comment:${commentId}`,
};

/** How many editors of each key are open (one, but for a component mounted twice in development). */
const open = new Map<string, number>();
/** The latest change of each open key, to apply when its editor closes. */
const waiting = new Map<string, () => void>();

export const isEditing = (key: string): boolean => (open.get(key) ?? 0) > 0;

/** Applies the change now, or, while the reader edits `key`, when they leave it (the latest change only: it supersedes those before). */
export function whenNotEditing(key: string, apply: () => void): void {
  if (isEditing(key)) waiting.set(key, apply);
  else apply();
}

function release(key: string): void {
  const left = (open.get(key) ?? 1) - 1;
  if (left > 0) {
    open.set(key, left);
    return;
  }
  open.delete(key);
  const apply = waiting.get(key);
  waiting.delete(key);
  apply?.();
}

/** Marks `key` as being edited while `active` is true and the component is mounted. */
export function useEditing(key: string, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    open.set(key, (open.get(key) ?? 0) + 1);
    return () => release(key);
  }, [key, active]);
}
