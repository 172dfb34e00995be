import { createHmac, timingSafeEqual } from 'node:crypto';
import { joinUnsubscribeToken, splitUnsubscribeToken, type UnsubscribeKind } from '#shared/mail-unsubscribe.ts';

export interface UnsubscribeLink {
  memberId: string;
  kind: UnsubscribeKind;
}

export interface UnsubscribeTokens {
  /** The token of the link that stops `kind` mails for this member. */
  sign(link: UnsubscribeLink): string;
  /** Whom and what a token names, when this server signed it; null for anything else. */
  verify(token: string): UnsubscribeLink | null;
}

/**
 * Signed unsubscribe tokens (ADR 0020): HMAC-SHA256 over the kind and the member id, so a link
 * needs no row and lasts as long as the secret. The key is derived from the server's secret
 * (BETTER_AUTH_SECRET) for this one use, so nothing else signed with that secret (Better Auth's
 * cookies) can pass for an unsubscribe link, nor one of these for anything else.
 */
export function unsubscribeTokens(secret: string): UnsubscribeTokens {
  const key = createHmac('sha256', secret).update('code-commons/mail-unsubscribe/v1').digest();
  const signatureOf = (link: UnsubscribeLink): Buffer => createHmac('sha256', key).update(`${link.kind}\n${link.memberId}`).digest();
  return {
    sign: (link) => joinUnsubscribeToken({ ...link, signature: signatureOf(link).toString('base64url') }),
    verify(token) {
      const parts = splitUnsubscribeToken(token);
      if (!parts) return null;
      const link = { kind: parts.kind, memberId: parts.memberId };
      const given = Buffer.from(parts.signature, 'base64url');
      const expected = signatureOf(link);
      // Compared in constant time; the length is no secret (every signature has 32 bytes). A
      // signature written differently but decoding to the same bytes is refused too: one link, one spelling.
      const valid = given.length === expected.length && timingSafeEqual(given, expected) && given.toString('base64url') === parts.signature;
      return valid ? link : null;
    },
  };
}
