// A notification mail's unsubscribe link (ADR 0020), as the server writes it and the browser's
// page reads it. The token is `{kind}.{memberId}.{signature}`: which mails to stop and for whom,
// in the clear (so the page can say what the button turns off before anything is sent), and the
// server's HMAC of both, which only the server makes and checks. No zod here: the page is small.

/** The notification mails a link can stop: the two kinds that are mailed. */
export const UNSUBSCRIBE_KINDS = ['comment', 'reply'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

/** The setting each kind of link turns off (GET/PATCH /api/notification-settings). */
export const UNSUBSCRIBE_SETTING = {
  comment: 'emailOnComment',
  reply: 'emailOnReply',
} as const satisfies Record<UnsubscribeKind, 'emailOnComment' | 'emailOnReply'>;
export type UnsubscribeSetting = (typeof UNSUBSCRIBE_SETTING)[UnsubscribeKind];

/** The address of `List-Unsubscribe` (RFC 2369, RFC 8058): POST turns the mails off, GET leads to the page. */
export const UNSUBSCRIBE_API_PATH = '/api/mail/unsubscribe';
/** The web app's page the mail's own link opens: it says what will stop and asks first. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The longest token the server makes is far shorter (a kind, an id, 43 characters of signature). */
export const UNSUBSCRIBE_TOKEN_MAX = 300;

export const isUnsubscribeKind = (value: unknown): value is UnsubscribeKind => UNSUBSCRIBE_KINDS.includes(value as UnsubscribeKind);

export interface UnsubscribeTokenParts {
  kind: UnsubscribeKind;
  memberId: string;
  signature: string;
}

export const joinUnsubscribeToken = ({ kind, memberId, signature }: UnsubscribeTokenParts): string => `${kind}.${memberId}.${signature}`;

/**
 * A token's parts as written, or null when it is not in the shape the server writes. Says
 * nothing of whether the server signed it: only the server can tell.
 */
export function splitUnsubscribeToken(token: string): UnsubscribeTokenParts | null {
  if (token.length > UNSUBSCRIBE_TOKEN_MAX) return null;
  const first = token.indexOf('.');
  const last = token.lastIndexOf('.');
  if (first <= 0 || last <= first + 1 || last === token.length - 1) return null;
  const kind = token.slice(0, first);
  if (!isUnsubscribeKind(kind)) return null;
  return { kind, memberId: token.slice(first + 1, last), signature: token.slice(last + 1) };
}

/** The page's address for a token, relative to the forum (the mail prefixes PUBLIC_URL). */
export const unsubscribePageHref = (token: string): string => `${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
