// How a member's drafts are named in this tab's sessionStorage (session-draft.ts), and how they
// are all forgotten when the member signs out.

/** The key of a member's draft of `kind` (of one post or comment when `of` is given). */
export function draftKeyOf(kind: string, email: string, of?: string): string {
  return of === undefined ? `${kind}-draft:${email}` : `${kind}-draft:${email}:${of}`;
}

/**
 * Forgets every draft of the member in this tab: a sign-out on a shared computer leaves none of
 * their unsent text behind. (A session that lapses keeps them: the member signs in again to send
 * them.)
 */
export function forgetDraftsOf(email: string): void {
  try {
    const storage = window.sessionStorage;
    const mine = (key: string) => {
      const at = key.indexOf(`-draft:${email}`);
      if (at <= 0) return false;
      const rest = key.slice(at + `-draft:${email}`.length);
      return rest === '' || rest.startsWith(':');
    };
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((key): key is string => key !== null && mine(key));
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage refused: there is nothing kept.
  }
}
