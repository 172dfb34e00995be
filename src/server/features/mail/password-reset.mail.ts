import { escapeHtml } from '../../lib/escape-html.ts';
import { htmlButton, htmlLayout } from './mail-layout.ts';
import type { Mail } from './mail-transport.ts';

/** Where a reset link leads: the web app's page on the forum's public address. */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/reset-password?${new URLSearchParams({ token }).toString()}`;
}

/** The mail with a member's reset link (it works once, for an hour). */
export function passwordResetMail(input: { to: string; name: string; siteName: string; url: string }): Mail {
  const { to, name, siteName, url } = input;
  const subject = `Reset your ${siteName} password`;
  const text = [
    `Hello ${name},`,
    '',
    `Someone asked to reset the password of your ${siteName} account. To choose a new one, open this link within an hour (it works once):`,
    '',
    url,
    '',
    'If it was not you, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html = htmlLayout(
    siteName,
    [
      `<p>Hello ${escapeHtml(name)},</p>`,
      `<p>Someone asked to reset the password of your ${escapeHtml(siteName)} account. To choose a new one, open this link within an hour (it works once):</p>`,
      htmlButton(url, 'Choose a new password'),
      `<p style="word-break:break-all;font-size:13px;color:#57606a">${escapeHtml(url)}</p>`,
      '<p>If it was not you, ignore this mail: your password stays as it is.</p>',
    ].join('\n'),
    `You receive this because a password reset was asked for on ${escapeHtml(siteName)}.`,
  );
  return { to, subject, text, html, links: [url] };
}
