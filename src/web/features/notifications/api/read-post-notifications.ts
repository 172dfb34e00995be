// A member who opens a post has read what their inbox says of it: however they came (the mailed
// link, the home list, a search hit), its unread notifications are marked read, as they are when
// one is opened from the inbox. One that comes while the post is open stays unread: the comment
// may be on another page of the comments, and the inbox is where the member is told.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notificationsQueryOptions, useUnreadCount } from './get-notifications.ts';
import { useReadNotification } from './read-notifications.ts';

/** The newest notifications are where a post's unread one is (one per post, brought up to date). */
const NEWEST = { page: 0, limit: 10 } as const;

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
    void queryClient
      .fetchQuery({ ...notificationsQueryOptions(NEWEST), staleTime: 5_000 })
      .then(({ items }) => {
        for (const n of items) if (!n.read && n.postId === postId) readOne(n._id);
      })
      .catch(() => {}); // the inbox still says so; nothing here to show
  }, [enabled, unread, postId, queryClient, readOne]);
}
