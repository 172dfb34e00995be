import type { NotificationFacts } from '../../write-path/events.ts';
import { notificationSummary } from '#shared/notification-text.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { htmlButton, htmlLayout } from './mail-layout.ts';
import type { Mail } from './mail-transport.ts';

/** Where a member turns notification mails off (My Profile's settings). */
export const notificationSettingsUrl = (publicUrl: string): string => `${publicUrl}/dashboard/my-profile#notification-settings`;

/** The comment the notification is about, on its post page (or the post, or home). */
export function notificationUrl(publicUrl: string, n: Pick<NotificationFacts, 'postId' | 'commentId'>): string {
  if (!n.postId) return `${publicUrl}/`;
  const post = `${publicUrl}/post-details/${encodeURIComponent(n.postId)}`;
  return n.commentId ? `${post}#comment-${encodeURIComponent(n.commentId)}` : post;
}

/** A `comment` or `reply` notification as a mail: who, on which post, what they wrote, and where to read it. */
export function notificationMail(input: { to: string; siteName: string; publicUrl: string; notification: NotificationFacts }): Mail {
  const { to, siteName, publicUrl, notification: n } = input;
  const url = notificationUrl(publicUrl, n);
  const unsubscribeUrl = notificationSettingsUrl(publicUrl);
  const subject = notificationSummary({ type: n.type, actorName: n.actor.name, title: n.title });
  const text = [
    `${subject}:`,
    '',
    ...n.text.split('\n').map((line) => `> ${line}`),
    '',
    `Read it and answer: ${url}`,
    '',
    '--',
    `You receive this because your ${siteName} settings ask for these mails. To stop them: ${unsubscribeUrl}`,
  ].join('\n');
  const html = htmlLayout(
    siteName,
    [
      `<p>${escapeHtml(subject)}:</p>`,
      `<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #d0d7de;color:#424a53;white-space:pre-wrap">${escapeHtml(n.text)}</blockquote>`,
      htmlButton(url, 'Read it and answer'),
    ].join('\n'),
    `You receive this because your ${escapeHtml(siteName)} settings ask for these mails. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#57606a">Stop these mails</a>.`,
  );
  return { to, subject, text, html, links: [url, unsubscribeUrl], unsubscribeUrl };
}
