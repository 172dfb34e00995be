// This browser's other tabs hear of a sign-in, a sign-out or a change of account made in one tab:
// they share its cookie, but nothing else tells them, and they showed the member signed out (or
// in) until their next call to the server (a post opened from a tab that missed a sign-in asked
// to sign in again).
import { tabChannel } from './tab-channel.ts';

const session = tabChannel('code-commons:session');

/** Tells this browser's other tabs that the session changed here. */
export const tellOtherTabsOfSession = session.tell;

/** Calls `onChange` when another tab signed in, signed out or changed the account. */
export const useSessionElsewhere = session.useHeard;
