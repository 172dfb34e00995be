import type { NotificationSettings } from '#shared/schemas/notification.ts';

/** Each mail setting as My Profile names it; the unsubscribe page names the one it turns off the same way. */
export const SETTING_TEXTS: Record<keyof NotificationSettings, { label: string; hint: string }> = {
  emailOnComment: {
    label: 'Email me when someone comments on my post',
    hint: 'At most one email per post every 10 minutes.',
  },
  emailOnReply: {
    label: 'Email me when someone replies after me',
    hint: 'When someone comments on a post you commented on.',
  },
};
