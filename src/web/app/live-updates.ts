// The live updates every page hears (the app's one stream, lib/live-events.ts): opened for
// the viewer once the session is known; the announcements bell and the inbox count move as
// events come (an announcement's publication, edit and removal among them); tags and the posts
// they name follow an admin's change of them; the member's record follows their Gold
// membership; after a break in the stream, what is on screen is fetched again.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveAnnouncements } from '#web/features/announcements/api/live-announcements.ts';
import { useReadsElsewhere } from '#web/features/notifications/api/inbox-channel.ts';
import { notificationKeys } from '#web/features/notifications/api/query-keys.ts';
import { useLiveTags } from '#web/features/tags/api/live-tags.ts';
import { userKeys } from '#web/features/users/api/query-keys.ts';
import { useViewer } from '#web/lib/auth.ts';
import { useLiveEvent, useLiveResume, useLiveViewer } from '#web/lib/live-events.ts';

export function useLiveUpdates(): void {
  const viewer = useViewer();
  useLiveViewer(viewer.status === 'loading' ? undefined : (viewer.user?.id ?? null));
  useLiveAnnouncements();
  useLiveTags();

  const queryClient = useQueryClient();
  /** The member's count as an event gives it; their lists are fetched again. */
  const unreadIs = (count: number) => {
    queryClient.setQueryData(notificationKeys.unreadCount(), { count });
    void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
  };
  useLiveEvent('notification', ({ type, unread }) => {
    unreadIs(unread);
    // Gold is active, made so by Stripe's webhook perhaps (a payment the bank confirmed later, a
    // tab closed after paying): the member's records are fetched again, so the membership page
    // shows Gold and the post limit follows.
    if (type === 'membership') void queryClient.invalidateQueries({ queryKey: userKeys.all });
  });
  // A read on another device, or notifications gone with their comment or post.
  useLiveEvent('unread-count', ({ count }) => unreadIs(count));
  // An announcement is a notification of every member's too: its publication and its removal
  // (which takes it) move their counts, which these events, sent to everyone, do not carry.
  const refetchNotifications = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveEvent('announcement', refetchNotifications);
  useLiveEvent('announcement-deleted', refetchNotifications);
  // An edited announcement's notification quotes its new title and text.
  useLiveEvent('announcement-edited', () => void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }));
  // Back after a break: what happened meanwhile may be past what the server replays, so what is
  // on screen is fetched again (as when the window regains focus).
  useLiveResume(() => void queryClient.invalidateQueries());
  // Reads in another tab (the stream carries no reads).
  useReadsElsewhere(useCallback(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }), [queryClient]));
}
