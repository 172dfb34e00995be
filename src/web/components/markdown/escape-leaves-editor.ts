// An editor in place (a comment's, an announcement's) is left with Escape, its changes kept in
// its draft, as a dialog is closed with it.
import type { KeyboardEvent } from 'react';
import { isEditedGone } from './edit-conflict.tsx';

/**
 * The editor's keydown: Escape leaves it, unless a field used the key (a code block, an input
 * method), a save is under way, or the save found what it edits gone (left then, the text in it
 * could not be found again).
 */
export const escapeLeavesEditor =
  (save: { isPending: boolean; error: unknown }, leave: () => void) =>
  (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (save.isPending || isEditedGone(save.error)) return;
    event.preventDefault();
    leave();
  };
