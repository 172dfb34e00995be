import { z } from 'zod';
import { UNSUBSCRIBE_TOKEN_MAX, type UnsubscribeSetting } from '../mail-unsubscribe.ts';

/** `?token=` of a notification mail's unsubscribe link (ADR 0020). */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string()
    .min(1)
    .max(UNSUBSCRIBE_TOKEN_MAX)
    .describe('The token of the mail’s List-Unsubscribe address: which mails to stop and for whom, signed by the server.'),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/**
 * What a mailbox provider sends (RFC 8058): the List-Unsubscribe-Post value as the body,
 * form-encoded or as multipart/form-data. Only its presence matters: the address says the rest.
 */
export const unsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.literal('One-Click').optional() })
  .describe('`List-Unsubscribe=One-Click`, as RFC 8058 has mailbox providers send it (a multipart body is not read).');

export const unsubscribeResultSchema = z.object({
  turnedOff: z
    .enum(['emailOnComment', 'emailOnReply'] satisfies UnsubscribeSetting[])
    .describe('The setting now off (it may have been off already).'),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
