// The card form when the server's payment provider is Stripe. This module (and Stripe.js
// with it) is loaded only by the membership page, and only in this case.
import { use, useId, useReducer, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementOptions } from '@stripe/stripe-js';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form.tsx';
import { PAYMENT_FAILED_MESSAGE, type GoldCheckout } from '../hooks/use-gold-checkout.ts';
import { PayButton } from './pay-button.tsx';

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  checkout: GoldCheckout;
}

/**
 * One Stripe.js instance per key for the whole visit; a failed load answers null, and is
 * forgotten by forgetFailedLoad so the member can have it loaded again (Stripe.js itself
 * loads its script again after a failure).
 */
const stripeInstances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = stripeInstances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey).catch((error: unknown) => {
      console.warn('Could not load Stripe.js', error);
      return null;
    });
    stripeInstances.set(publishableKey, instance);
  }
  return instance;
}

const CARD_OPTIONS: StripeCardElementOptions = {
  style: {
    base: {
      fontSize: '16px',
      color: '#1f2533',
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '::placeholder': { color: '#6b7080' },
    },
    invalid: { color: '#b42318', iconColor: '#b42318' },
  },
};

const forgetFailedLoad = (publishableKey: string) => stripeInstances.delete(publishableKey);

/** Suspends until Stripe.js is loaded (the page shows its loader meanwhile). */
export function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const [, loadAgain] = useReducer((attempt: number) => attempt + 1, 0);
  const stripe = use(stripeFor(publishableKey));
  if (!stripe) {
    // Blocked or offline: "Please try again" is a button here, not a reload of the page.
    return (
      <FormAlert>
        {PAYMENT_FAILED_MESSAGE}{' '}
        <Button
          variant="link"
          onClick={() => {
            forgetFailedLoad(publishableKey);
            loadAgain();
          }}
        >
          Try again
        </Button>
      </FormAlert>
    );
  }
  return (
    <Elements stripe={stripe}>
      <StripeCheckoutForm {...props} />
    </Elements>
  );
}

function StripeCheckoutForm({ clientSecret, billing, checkout }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [elementError, setElementError] = useState<string | null>(null);
  const processing = checkout.state.status === 'processing';
  const cardError = elementError ?? (checkout.state.status === 'error' ? checkout.state.message : null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !clientSecret) return;
    void checkout.pay(async () => {
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error) {
        // The tabs of the page share one PaymentIntent: paid in another tab, Stripe refuses to
        // confirm it again (payment_intent_unexpected_state) and names it succeeded, or still
        // processing. It is paid: the upgrade follows (or waits), as for a payment made here.
        const paid = result.error.payment_intent;
        if (paid?.status === 'succeeded' || paid?.status === 'processing') return { paymentIntent: { id: paid.id, status: paid.status } };
        return { error: { message: result.error.message ?? PAYMENT_FAILED_MESSAGE } };
      }
      return { paymentIntent: { id: result.paymentIntent.id, status: result.paymentIntent.status } };
    });
  };

  return (
    <form noValidate aria-label="Card payment" className="space-y-5" onSubmit={onSubmit}>
      <div className="space-y-1.5">
        {/* Stripe's card field lives in its own frame; the label focuses it. */}
        <label id={labelId} className="block text-sm font-medium text-ink" onClick={() => elements?.getElement(CardElement)?.focus()}>
          Card details
        </label>
        <div
          aria-labelledby={labelId}
          role="group"
          className="rounded-lg border border-line bg-surface px-3 py-3 shadow-xs focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-200"
        >
          <CardElement
            options={{ ...CARD_OPTIONS, disabled: processing }}
            onChange={(event) => setElementError(event.error?.message ?? null)}
          />
        </div>
      </div>
      {cardError && <FormAlert>{cardError}</FormAlert>}
      <PayButton ready={stripe !== null && clientSecret !== undefined && !processing} processing={processing} />
    </form>
  );
}
