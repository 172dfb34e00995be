// POST /api/payments/sandbox/confirm: the built-in sandbox's answer to Stripe.js's
// confirmCardPayment. Card refusals come back as 200 { error: { message } }.
import { useMutation } from '@tanstack/react-query';
import { confirmResultSchema, type ConfirmResult, type SandboxConfirmInput } from '#shared/schemas/payment.ts';
import { api } from '#web/lib/api-client.ts';

export const confirmSandboxPayment = (input: SandboxConfirmInput): Promise<ConfirmResult> =>
  api.post('/payments/sandbox/confirm', input, { schema: confirmResultSchema });

export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment });
