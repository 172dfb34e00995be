import type { NotificationFacts } from '../../write-path/events.ts';
import { UNSUBSCRIBE_API_PATH, unsubscribePageHref } from '#shared/mail-unsubscribe.ts';
import { notificationSummary } from '#shared/notification-text.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import { htmlButton, htmlLayout } from './mail-layout.ts';
import type { Mail } from './mail-transport.ts';

/** Where a member chooses which notification mails they get (My Profile's settings). */
export const notificationSettingsUrl = (publicUrl: string): string => `${publicUrl}/dashboard/my-profile#notification-settings`;

/** `List-Unsubscribe`: a POST turns the mails off at once (RFC 8058), a GET leads to the page. */
export const oneClickUnsubscribeUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}${UNSUBSCRIBE_API_PATH}?${new URLSearchParams({ token }).toString()}`;

/** The mail's own link: the page that says what stops and asks first (a GET changes nothing). */
export const unsubscribePageUrl = (publicUrl: string, token: string): string => `${publicUrl}${unsubscribePageHref(token)}`;

/** The comment the notification is about, on its post page (or the post, or home). */
export function notificationUrl(publicUrl: string, n: Pick<NotificationFacts, 'postId' | 'commentId'>): string {
  if (!n.postId) return `${publicUrl}/`;
  const post = `${publicUrl}/post-details/${encodeURIComponent(n.postId)}`;
  return n.commentId ? `${post}#comment-${encodeURIComponent(n.commentId)}` : post;
}

/**
 * A `comment` or `reply` notification as a mail: who, on which post, what they wrote, and where
 * to read it; and how to stop such mails (`unsubscribeToken`, signed for this member and kind).
 */
export function notificationMail(input: {
  to: string;
  siteName: string;
  publicUrl: string;
  notification: NotificationFacts;
  unsubscribeToken: string;
}): Mail {
  const { to, siteName, publicUrl, notification: n, unsubscribeToken } = input;
  const url = notificationUrl(publicUrl, n);
  const stopUrl = unsubscribePageUrl(publicUrl, unsubscribeToken);
  const settingsUrl = notificationSettingsUrl(publicUrl);
  const subject = notificationSummary({ type: n.type, actorName: n.actor.name, title: n.title });
  const text = [
    `${subject}:`,
    '',
    ...n.text.split('\n').map((line) => `> ${line}`),
    '',
    `Read it and answer: ${url}`,
    '',
    '--',
    `You receive this because your ${siteName} settings ask for these mails.`,
    `Unsubscribe from these mails: ${stopUrl}`,
    `All your notification settings: ${settingsUrl}`,
  ].join('\n');
  const html = htmlLayout(
    siteName,
    [
      `<p>${escapeHtml(subject)}:</p>`,
      `<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #d0d7de;color:#424a53;white-space:pre-wrap">${escapeHtml(n.text)}</blockquote>`,
      htmlButton(url, 'Read it and answer'),
    ].join('\n'),
    `You receive this because your ${escapeHtml(siteName)} settings ask for these mails. ` +
      `<a href="${escapeHtml(stopUrl)}" style="color:#57606a">Unsubscribe from these mails</a> or change ` +
      `<a href="${escapeHtml(settingsUrl)}" style="color:#57606a">all your notification settings</a>.`,
  );
  return {
    to,
    subject,
    text,
    html,
    links: [url, stopUrl, settingsUrl],
    unsubscribeUrl: oneClickUnsubscribeUrl(publicUrl, unsubscribeToken),
  };
}
