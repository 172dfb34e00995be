// POST /api/mail/unsubscribe?token=… (anyone holding a mail's link): turns off the kind of
// notification mail the token names, for the member it names. The body is the one mailbox
// providers send (RFC 8058), so the page's button and a mail client's make the same request.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UNSUBSCRIBE_API_PATH } from '#shared/mail-unsubscribe.ts';
import { unsubscribeResultSchema } from '#shared/schemas/mail.ts';
import { API_BASE, api } from '#web/lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

export const unsubscribe = (token: string) =>
  api.post(UNSUBSCRIBE_API_PATH.slice(API_BASE.length), new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }), {
    query: { token },
    schema: unsubscribeResultSchema,
  });

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    // Signed in here as that member, My Profile shows the box unticked; as anyone else, it asks again for nothing.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.settings() }),
  });
}
