// The payment side of the Bronze view: the card form of the configured provider (the
// built-in sandbox, or Stripe), then the success message once the payment went through, or
// word that it is being processed while the bank has yet to confirm it (after a reload too).
import { useEffect, type ComponentProps } from 'react';
import { PAYMENT_PROCESSING } from '#shared/schemas/payment.ts';
import type { User } from '#shared/schemas/user.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageLoader, Spinner } from '#web/components/ui/spinner.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { codeOnDemand, useCodeOnDemand } from '#web/lib/code-on-demand.ts';
import { usePublicConfig } from '#web/lib/public-config.ts';
import { isPaymentProcessing, useClientSecret } from '../api/create-payment.ts';
import type { GoldCheckout, UpgradeStatus } from '../hooks/use-gold-checkout.ts';
import { PaymentSuccessMessage } from './payment-success-message.tsx';
import { SandboxCardForm } from './sandbox-card-form.tsx';
import type { StripeCardForm } from './stripe-card-form.tsx';

// Stripe.js and its React bindings load with this module, and only when Stripe is the provider
// (offline, once the connection is back).
const stripeFormCode = codeOnDemand(() => import('./stripe-card-form.tsx'));

interface PaymentPanelProps {
  user: Pick<User, 'name' | 'email'>;
  checkout: GoldCheckout;
}

export function PaymentPanel({ user, checkout }: PaymentPanelProps) {
  // Processing: no form, so no second payment; the page turns Gold when the webhook's upgrade is heard.
  const settling = checkout.state.status === 'settling';
  return (
    <>
      {/* On the page before its words, so a screen reader hears them come. */}
      <div role="status">
        {settling && <p className="rounded-lg border border-line bg-canvas px-4 py-3 text-sm">{PAYMENT_PROCESSING}</p>}
      </div>
      {!settling && <PaymentSteps user={user} checkout={checkout} />}
    </>
  );
}

function PaymentSteps({ user, checkout }: PaymentPanelProps) {
  const { config, isPending: configPending } = usePublicConfig();
  const provider = config?.payments.provider;
  const publishableKey = config?.payments.publishableKey ?? null;
  const canPay = provider === 'sandbox' || (provider === 'stripe' && publishableKey !== null);
  // The payment starts when the page opens for a Bronze member (SPEC.md §7 "create-payment").
  const payment = useClientSecret(user.email, { enabled: canPay && checkout.state.status !== 'success' });
  // A reloaded page: the server knows the payment waits for the bank, or that the bank declined it.
  const processing = isPaymentProcessing(payment.error);
  const standing = processing ? 'processing' : payment.data?.lastPaymentFailed ? 'failed' : null;
  const { resume } = checkout;
  useEffect(() => {
    if (standing) resume(standing);
  }, [standing, resume]);

  if (checkout.state.status === 'success') {
    return <PaymentSucceeded upgrade={checkout.state.upgrade} onRetry={() => void checkout.retryUpgrade()} />;
  }
  if (configPending) return <PageLoader label="Loading the payment form…" />;
  if (!canPay) {
    return (
      <p className="rounded-lg border border-line bg-canvas px-4 py-3 text-sm text-muted">
        Card payments are not available on this server right now.
      </p>
    );
  }

  // Settling once the effect above has run: the panel then says the payment is being processed.
  if (processing) return null;

  // 409: the member's Gold is paid for already (in another tab, say) or active. There is nothing
  // to pay; the server's sentence says why, and the upgrade, which finds the payment, is offered.
  if (isApiError(payment.error) && payment.error.status === 409) {
    return (
      <p role="status" className="rounded-lg border border-line bg-canvas px-4 py-3 text-sm">
        {payment.error.message}{' '}
        <Button variant="link" onClick={() => void checkout.retryUpgrade()}>
          Update my membership
        </Button>
      </p>
    );
  }

  const billing = { name: user.name, email: user.email };
  const clientSecret = payment.data?.clientSecret;
  return (
    <div className="space-y-3">
      {provider === 'stripe' && publishableKey !== null ? (
        <StripeForm publishableKey={publishableKey} clientSecret={clientSecret} billing={billing} checkout={checkout} />
      ) : (
        <SandboxCardForm clientSecret={clientSecret} billing={billing} checkout={checkout} />
      )}
      {payment.isError && (
        <p className="text-sm text-muted">
          The payment could not be started.{' '}
          <Button variant="link" onClick={() => void payment.refetch()}>
            Try again
          </Button>
        </p>
      )}
    </div>
  );
}

function PaymentSucceeded({ upgrade, onRetry }: { upgrade: UpgradeStatus; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <PaymentSuccessMessage />
      {upgrade === 'failed' ? (
        <p className="text-sm text-muted">
          Your payment went through, but your membership could not be updated yet.{' '}
          <Button variant="link" onClick={onRetry}>
            Try again
          </Button>
        </p>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4 text-brand-600" />
          Activating your Gold membership…
        </p>
      )}
    </div>
  );
}

function StripeForm(props: ComponentProps<typeof StripeCardForm>) {
  const stripeForm = useCodeOnDemand(stripeFormCode);
  return stripeForm ? <stripeForm.StripeCardForm {...props} /> : <PageLoader label="Loading the payment form…" />;
}
