// A member's other tabs of this browser hear of what one tab read (one notification, or all):
// the server says nothing of a read, and their inbox count and lists would otherwise stay as
// they were until the tab is focused again.
import { tabChannel } from '#web/lib/tab-channel.ts';

const inbox = tabChannel('code-commons:inbox');

/** Tells this browser's other tabs that notifications were read here. */
export const tellOtherTabs = inbox.tell;

/** Calls `onRead` when another tab (or another part of this one) read notifications. */
export const useReadsElsewhere = inbox.useHeard;
