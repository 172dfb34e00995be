// POST /api/create-payment → { clientSecret, lastPaymentFailed? }. The server sets the price
// (9.99 USD) itself; the price is sent only because the contract names it (SPEC.md §7).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { GOLD_PRICE_CENTS } from '#shared/constants.ts';
import { clientSecretSchema, PAYMENT_PROCESSING, type Checkout } from '#shared/schemas/payment.ts';
import { api, isApiError } from '#web/lib/api-client.ts';
import { membershipKeys } from './query-keys.ts';

export async function createPayment(signal?: AbortSignal): Promise<Checkout> {
  try {
    return await api.post('/create-payment', { price: GOLD_PRICE_CENTS / 100 }, { signal, schema: clientSecretSchema });
  } catch (error) {
    // SPEC.md §8: a client-secret failure is logged; the pay button stays disabled.
    if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Could not start the payment', error);
    throw error;
  }
}

/**
 * One payment per visit of the page: the answer is never refetched in the background
 * and is dropped as soon as the page is left.
 */
export const clientSecretQueryOptions = (email: string) =>
  queryOptions({
    queryKey: membershipKeys.payment(email),
    queryFn: ({ signal }) => createPayment(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useClientSecret = (email: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...clientSecretQueryOptions(email), enabled });

/**
 * The 409 of a checkout opened while the member's payment waits for their bank: the server's
 * sentence (written once in src/shared) tells it from the 409 of a payment gone through.
 */
export const isPaymentProcessing = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.message === PAYMENT_PROCESSING;
