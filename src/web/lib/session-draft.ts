// A form's unsent text kept in this tab's sessionStorage, so that leaving the page (a lapsed
// session sending the member to sign in, a link followed, a reload) does not cost it. Per tab
// and per key: closing the tab lets it go, and nothing is kept once every field is empty.
import { useEffect } from 'react';
import { useWatch, type Control, type FieldValues } from 'react-hook-form';
import { useViewer } from './auth.ts';
import { draftKeyOf } from './draft-keys.ts';

/** The draft kept under `key`, if any. */
export function readDraft<T extends FieldValues>(key: string): T | null {
  try {
    const stored = window.sessionStorage.getItem(key);
    return stored ? (JSON.parse(stored) as T) : null;
  } catch {
    return null;
  }
}

export function clearDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // Storage refused: there is nothing kept.
  }
}

// An edit's draft keeps the version it was typed on (baseEditedAt), so one taken up again after a
// reload is still checked against that version when saved; it is not text the member typed.
const VERSION_FIELD = 'baseEditedAt';

/**
 * Keeps `values` under `key`, or nothing when every one is empty (or, given `unchanged`, the
 * same as those). KeepDraft writes a form's this way; a choice made outside a form too.
 */
export function writeDraft(key: string, values: FieldValues, unchanged?: FieldValues): void {
  const empty = Object.entries(values).every(([name, value]) => name === VERSION_FIELD || typeof value !== 'string' || value.trim() === '');
  const asBefore = unchanged !== undefined && Object.entries(values).every(([name, value]) => unchanged[name] === value);
  try {
    if (empty || asBefore) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage refused or full: the draft lasts as long as the page.
  }
}

/**
 * Keeps the form's values under `key` as they are typed (see readDraft and clearDraft). An edit
 * form passes what it started from as `unchanged`: values the same as those are not a draft.
 */
export function KeepDraft<T extends FieldValues>({
  control,
  draftKey,
  unchanged,
}: {
  control: Control<T>;
  draftKey: string;
  unchanged?: T;
}) {
  const values = useWatch({ control });
  useEffect(() => writeDraft(draftKey, values, unchanged), [draftKey, values, unchanged]);
  return null;
}

/**
 * The key of the signed-in member's draft of `kind` (of one post or comment when `of` is given):
 * per member, so another member signing in on this tab never gets it, and a sign-out forgets
 * them (draft-keys.ts). Null while the member is not known yet, when nothing is kept.
 */
export function useDraftKey(kind: string, of?: string): string | null {
  const email = useViewer().user?.email;
  if (email === undefined) return null;
  return draftKeyOf(kind, email, of);
}
