// The payment form's states (SPEC.md §4): idle → processing → error or success. After a
// successful payment the membership is upgraded and the member's record reloaded; the
// page shows Gold only once that record says Gold. A payment Stripe takes but has not
// finished (its PaymentIntent `processing`) is neither: it waits, and Stripe's webhook
// makes the member Gold once it succeeds (the page hears of it: app/live-updates.ts), or the
// bank declines it and the page hears `payment-failed`: it fails, and the card form is back. A
// page opened meanwhile takes the server's word on the checkout (`resume`), and so does a waiting
// page whose stream comes back after a break (the backlog may no longer hold what it missed).
import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ConfirmResult } from '#shared/schemas/payment.ts';
import { isApiError } from '#web/lib/api-client.ts';
import { useLiveEvent, useLiveResume } from '#web/lib/live-events.ts';
import { clientSecretQueryOptions, isPaymentProcessing } from '../api/create-payment.ts';
import { membershipKeys } from '../api/query-keys.ts';
import { useUpgradeMembership } from '../api/upgrade-membership.ts';

export const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! 🎉';
export const PAYMENT_FAILED_MESSAGE = 'Payment failed. Please try again.';

export type UpgradeStatus = 'pending' | 'failed' | 'done';

export type CheckoutState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'error'; message: string }
  | { status: 'success'; upgrade: UpgradeStatus }
  /** Paid, the bank yet to confirm it: nothing to pay or upgrade meanwhile (the webhook upgrades). */
  | { status: 'settling' };

/** A confirmation that answers like Stripe.js's confirmCardPayment (the sandbox mirrors it). */
export type ConfirmPayment = () => Promise<ConfirmResult>;

export interface GoldCheckout {
  state: CheckoutState;
  /** Confirms the payment, then upgrades the membership. Ignored while a payment is in flight. */
  pay: (confirm: ConfirmPayment) => Promise<void>;
  /** A refusal found before anything is sent (the card form's own checks). */
  fail: (message: string) => void;
  /** Forgets the last refusal (a new try the card form itself refuses says only what it finds). */
  dismiss: () => void;
  /** Asks for the upgrade again after a paid-but-not-upgraded failure. */
  retryUpgrade: () => Promise<void>;
  /**
   * The server's word on the member's last payment as the page opens its checkout: still
   * processing (settling), or failed (the error). Only a checkout with nothing under way takes it.
   */
  resume: (standing: 'processing' | 'failed') => void;
}

/**
 * The provider's own words for a refused card: the sandbox answers malformed card data
 * with a 400 whose details name the card field. Anything else is unexpected.
 */
function refusalMessage(error: unknown): string {
  if (isApiError(error) && error.status === 400) {
    const cardDetail = error.details?.find((detail) => detail.path.includes('card'));
    if (cardDetail) return cardDetail.message;
  }
  return PAYMENT_FAILED_MESSAGE;
}

interface Options {
  email: string;
  /** Reloads the member's record (and whatever depends on the membership). */
  onUpgraded: () => Promise<unknown>;
}

export function useGoldCheckout({ email, onUpgraded }: Options): GoldCheckout {
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const inFlight = useRef(false);
  const { mutateAsync: upgrade } = useUpgradeMembership();

  const activate = useCallback(async () => {
    setState({ status: 'success', upgrade: 'pending' });
    try {
      await upgrade(email);
      await onUpgraded();
      setState({ status: 'success', upgrade: 'done' });
    } catch (error) {
      // SPEC.md §8: a membership-update failure is logged; the page offers to try again.
      console.warn('Membership update failed', error);
      setState({ status: 'success', upgrade: 'failed' });
    }
  }, [email, onUpgraded, upgrade]);

  const pay = useCallback(
    async (confirm: ConfirmPayment) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setState({ status: 'processing' });
      try {
        let result: ConfirmResult;
        try {
          result = await confirm();
        } catch (error) {
          setState({ status: 'error', message: refusalMessage(error) });
          return;
        }
        if ('error' in result) setState({ status: 'error', message: result.error.message });
        else if (result.paymentIntent.status === 'succeeded') await activate();
        // Not failed: asking for the upgrade now would be refused (402), paying again is not wanted.
        else if (result.paymentIntent.status === 'processing') setState({ status: 'settling' });
        // requires_action and the like: Stripe.js ends its own authentication step, so one left
        // unfinished took no money; paying again confirms the same PaymentIntent.
        else setState({ status: 'error', message: PAYMENT_FAILED_MESSAGE });
      } finally {
        inFlight.current = false;
      }
    },
    [activate],
  );

  const fail = useCallback((message: string) => setState({ status: 'error', message }), []);
  const dismiss = useCallback(() => setState((current) => (current.status === 'error' ? { status: 'idle' } : current)), []);
  const resume = useCallback((standing: 'processing' | 'failed') => {
    if (inFlight.current) return;
    setState((current) => {
      if (current.status !== 'idle') return current;
      return standing === 'processing' ? { status: 'settling' } : { status: 'error', message: PAYMENT_FAILED_MESSAGE };
    });
  }, []);

  // The bank declined the payment it was processing (Stripe's webhook told the server): the
  // same checkout can be paid again, and the server's answer for it says the payment failed.
  const queryClient = useQueryClient();
  useLiveEvent('payment-failed', () => {
    setState((current) => (current.status === 'settling' ? { status: 'error', message: PAYMENT_FAILED_MESSAGE } : current));
    void queryClient.invalidateQueries({ queryKey: membershipKeys.payment(email) });
  });

  // Back after a break in the stream, a page still waiting asks the server: a checkout it can pay
  // means the bank declined meanwhile; a paid one (409) that the payment went through, whether or
  // not a webhook upgraded the member (the upgrade finds the payment, or that they are Gold).
  useLiveResume(() => {
    if (state.status !== 'settling') return;
    queryClient.fetchQuery({ ...clientSecretQueryOptions(email), staleTime: 0 }).then(
      () => setState((current) => (current.status === 'settling' ? { status: 'error', message: PAYMENT_FAILED_MESSAGE } : current)),
      (error: unknown) => {
        if (isApiError(error) && error.status === 409 && !isPaymentProcessing(error)) void activate();
      },
    );
  });

  return { state, pay, fail, dismiss, retryUpgrade: activate, resume };
}
