import type { NotificationType } from './constants.ts';
import { singleLine } from './schemas/common.ts';

/**
 * What a notification says happened, in the inbox and in its mail alike: the same event reads
 * the same wherever a member meets it. Kept to one line, also for a name or a title stored
 * before they were kept to one (singleLine).
 */
export function notificationSummary(n: { type: NotificationType; actorName: string; title: string }): string {
  const [name, title] = [singleLine(n.actorName), singleLine(n.title)];
  switch (n.type) {
    case 'comment':
      return `${name} commented on your post “${title}”`;
    case 'reply':
      return `${name} also commented on “${title}”`;
    case 'announcement':
      return `${name} announced “${title}”`;
    case 'membership':
      return title;
  }
}
