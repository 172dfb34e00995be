// A member who opens a post has read what their inbox says of it: however they came (the mailed
// link, the home list, a search hit), its unread notifications are marked read, as they are when
// one is opened from the inbox. One that comes while the post is open stays unread: the comment
// may be on another page of the comments, and the inbox is where the member is told.
import { useEffect, useRef } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { notificationsQueryOptions, useUnreadCount } from './get-notifications.ts';
import { useReadNotification } from './read-notifications.ts';

/**
 * A post has at most one unread notification (brought up to date), among the newest as a rule,
 * but a member with many newer ones on other posts has it further down: the inbox is read a
 * page at a time until every unread one has been seen, at most PAGES_MAX pages.
 */
const PAGE_LIMIT = 100;
const PAGES_MAX = 5;

async function unreadOfPost(queryClient: QueryClient, postId: string, unread: number): Promise<string[]> {
  const found: string[] = [];
  let seen = 0;
  for (let page = 0; page < PAGES_MAX && seen < unread; page += 1) {
    const { items } = await queryClient.fetchQuery({ ...notificationsQueryOptions({ page, limit: PAGE_LIMIT }), staleTime: 5_000 });
    for (const n of items) {
      if (n.read) continue;
      seen += 1;
      if (n.postId === postId) found.push(n._id);
    }
    if (items.length < PAGE_LIMIT) break;
  }
  return found;
}

export function useReadPostNotifications(postId: string, enabled: boolean): void {
  const queryClient = useQueryClient();
  const { mutate: readOne } = useReadNotification();
  const unread = useUnreadCount(enabled).data;
  // The post this page has looked at already: once per opening.
  const looked = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || unread === undefined || looked.current === postId) return;
    looked.current = postId;
    if (unread === 0) return;
    // Not cancelled when the page goes: the post was opened, whatever comes next.
    unreadOfPost(queryClient, postId, unread)
      .then((ids) => ids.forEach((id) => readOne(id)))
      .catch(() => {}); // the inbox still says so; nothing here to show
  }, [enabled, unread, postId, queryClient, readOne]);
}
