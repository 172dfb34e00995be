// The Stripe branch, with Stripe.js and its React bindings replaced by stand-ins: the
// page loads them only when the server's provider is Stripe, and confirms the payment
// with confirmCardPayment and the member's billing details.
import type { ReactNode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GOLD_ALREADY_PAID, PAYMENT_PROCESSING } from '#shared/schemas/payment.ts';
import { liveConnection } from '#web/lib/live-events.ts';
import { buildConfig, buildUser, buildViewer } from '#web/testing/factories.ts';
import { installFakeEventSource } from '#web/testing/fake-event-source.ts';
import { buildNotification } from '#web/testing/forum-factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { renderApp } from '#web/testing/render-app.tsx';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmCardPayment: vi.fn(),
  cardElement: { focus: vi.fn() },
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.cardElement }),
}));

const viewer = buildViewer();
const PUBLISHABLE_KEY = 'pk_test_123';

/** What Stripe.js answers when the PaymentIntent is past confirming (another tab confirmed it): Stripe's message and its status. */
const unexpectedState = (status: string, message: string) => ({
  error: {
    type: 'invalid_request_error',
    code: 'payment_intent_unexpected_state',
    message,
    payment_intent: { id: 'pi_123', object: 'payment_intent', status },
  },
});

const CLIENT_SECRET = 'pi_123_secret_456';
/** The server's answers to a checkout opened while the bank has yet to confirm the payment, and once it declined it. */
const processingAnswer = () => HttpResponse.json({ message: PAYMENT_PROCESSING, code: 'CONFLICT' }, { status: 409 });
const failedAnswer = () => HttpResponse.json({ clientSecret: CLIENT_SECRET, lastPaymentFailed: true });
/** The `membership` notification's live event: the member's Gold became active (Stripe's webhook). */
const goldNotification = () => ({
  ...buildNotification({
    type: 'membership',
    postId: null,
    commentId: null,
    title: 'Gold membership',
    text: 'Your Gold membership is active.',
  }),
  unread: 1,
});

/**
 * A Bronze member on a Stripe server; `webhookUpgrade` is Stripe's payment_intent.succeeded
 * reaching the server, `checkoutAnswers` what create-payment answers from then on, `checkouts`
 * how many times it was asked.
 */
function stripeMember() {
  let membership: 'Bronze' | 'Gold' = 'Bronze';
  let upgrades = 0;
  let checkouts = 0;
  let checkout: () => Response = () => HttpResponse.json({ clientSecret: CLIENT_SECRET });
  server.use(
    http.get('*/api/config', () => HttpResponse.json(buildConfig({ payments: { provider: 'stripe', publishableKey: PUBLISHABLE_KEY } }))),
    http.get('*/api/users/:email', () => HttpResponse.json(buildUser({ name: viewer.name, email: viewer.email, membership }))),
    http.post('*/api/create-payment', () => {
      checkouts += 1;
      return checkout();
    }),
    http.patch('*/api/update/membership/:email', () => {
      upgrades += 1;
      membership = 'Gold';
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    ...signedInAs('Client', viewer),
  );
  return {
    webhookUpgrade: () => {
      membership = 'Gold';
    },
    checkoutAnswers: (answer: () => Response) => {
      checkout = answer;
    },
    upgrades: () => upgrades,
    checkouts: () => checkouts,
  };
}

describe('Membership page with Stripe', () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset();
    stripe.loadStripe.mockResolvedValue({});
    stripe.confirmCardPayment.mockReset();
  });

  it("confirms with Stripe's card element and shows Stripe's message when the card is refused", async () => {
    stripeMember();
    stripe.confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card was declined.' } });
    const { user } = renderApp('/membership');

    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith(PUBLISHABLE_KEY);
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay $9.99' });
    await waitFor(() => expect(pay).toBeEnabled());

    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_123_secret_456', {
      payment_method: { card: stripe.cardElement, billing_details: { name: viewer.name, email: viewer.email } },
    });

    stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
    await user.click(screen.getByRole('button', { name: 'Pay $9.99' }));
    expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
    expect(screen.getByText('Payment successful! 🎉')).toBeInTheDocument();
  });

  it('goes on to the upgrade when Stripe answers that the payment already succeeded (paid in another tab)', async () => {
    stripeMember();
    // What Stripe.js answers for a PaymentIntent another tab has confirmed already.
    stripe.confirmCardPayment.mockResolvedValueOnce(
      unexpectedState(
        'succeeded',
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      ),
    );
    const { user } = renderApp('/membership');
    const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
    expect(screen.getByText('Payment successful! 🎉')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Stripe’s message when the payment is in another state it cannot confirm from', async () => {
    stripeMember();
    const message = 'You cannot confirm this PaymentIntent because it has a status of canceled.';
    stripe.confirmCardPayment.mockResolvedValueOnce(unexpectedState('canceled', message));
    const { user } = renderApp('/membership');
    const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Payment successful! 🎉')).not.toBeInTheDocument();
  });

  describe('a payment Stripe is still processing', () => {
    let Source: ReturnType<typeof installFakeEventSource>;
    beforeEach(() => {
      Source = installFakeEventSource();
    });
    afterEach(() => {
      liveConnection.close();
      vi.unstubAllGlobals();
    });

    const PROCESSING = 'Your payment is being processed. Gold will show here once your bank confirms it.';
    const FAILED = 'Payment failed. Please try again.';
    /** A Bronze member pays, and Stripe answers that the payment is processing: the page says so. */
    const payIntoProcessing = async () => {
      const stripeServer = stripeMember();
      stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'processing' } });
      const { user } = renderApp('/membership');
      const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      expect(await screen.findByText(PROCESSING)).toBeInTheDocument();
      return { stripeServer, user };
    };
    /** Stripe's payment_intent.payment_failed reached the server, which tells the member's streams. */
    const bankDeclines = async () => {
      await waitFor(() => expect(Source.open).toHaveLength(1));
      Source.open[0]!.emit('payment-failed', {});
    };

    it('says the payment failed and offers the card form again when the bank declines it, and takes the next payment', async () => {
      const { stripeServer, user } = await payIntoProcessing();

      stripeServer.checkoutAnswers(failedAnswer);
      await bankDeclines();
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
      expect(screen.queryByText(PROCESSING)).not.toBeInTheDocument();
      expect(screen.getByTestId('stripe-card-element')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled());
      expect(stripeServer.upgrades()).toBe(0);

      // The same PaymentIntent is paid again, with another card.
      stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'succeeded' } });
      await user.click(screen.getByRole('button', { name: 'Pay $9.99' }));
      expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
      expect(stripe.confirmCardPayment).toHaveBeenLastCalledWith(CLIENT_SECRET, expect.anything());
    });

    it('still says it is being processed after a reload, offering neither a payment nor an upgrade, and shows Gold once the webhook upgraded', async () => {
      // SPEC.md §8: a refused checkout is logged.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const stripeServer = stripeMember();
      stripeServer.checkoutAnswers(processingAnswer);
      renderApp('/membership');
      expect(await screen.findByText(PROCESSING)).toBeInTheDocument();
      expect(screen.queryByText(/already paid for/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Update my membership' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^(Pay \$9\.99|Processing\.\.\.)$/ })).not.toBeInTheDocument();
      expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      stripeServer.webhookUpgrade();
      await waitFor(() => expect(Source.open).toHaveLength(1));
      Source.open[0]!.emit('notification', goldNotification());
      expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
      expect(stripeServer.upgrades()).toBe(0);
      expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    });

    it('after a reload, says the payment failed and offers the card form when the bank declines it', async () => {
      // SPEC.md §8: a refused checkout is logged.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const stripeServer = stripeMember();
      stripeServer.checkoutAnswers(processingAnswer);
      renderApp('/membership');
      expect(await screen.findByText(PROCESSING)).toBeInTheDocument();

      stripeServer.checkoutAnswers(failedAnswer);
      await bankDeclines();
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
      expect(screen.queryByText(PROCESSING)).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled());
      expect(screen.getByTestId('stripe-card-element')).toBeInTheDocument();
    });

    /** The stream breaks and opens again; what was sent meanwhile is not replayed (the server restarted, say). */
    const streamBreaksAndResumes = async () => {
      await waitFor(() => expect(Source.open).toHaveLength(1));
      const events = Source.open[0]!;
      events.accept();
      events.readyState = Source.CONNECTING;
      events.onerror?.(new Event('error'));
      events.accept();
    };

    it('asks the server again when the stream comes back after a break, and so learns the bank declined meanwhile', async () => {
      const { stripeServer } = await payIntoProcessing();

      // The bank declined during the break: its payment-failed event is not heard.
      stripeServer.checkoutAnswers(failedAnswer);
      await streamBreaksAndResumes();
      expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
      expect(screen.queryByText(PROCESSING)).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled());
      expect(stripeServer.upgrades()).toBe(0);
    });

    it('asks for the upgrade when the stream comes back and the server says the payment went through, with no webhook heard', async () => {
      // SPEC.md §8: a refused checkout is logged.
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const stripeServer = stripeMember();
      stripeServer.checkoutAnswers(processingAnswer);
      renderApp('/membership');
      expect(await screen.findByText(PROCESSING)).toBeInTheDocument();

      // The bank confirmed during the break, and no webhook upgraded the member (none is set up, say).
      stripeServer.checkoutAnswers(() => HttpResponse.json({ message: GOLD_ALREADY_PAID, code: 'CONFLICT' }, { status: 409 }));
      await streamBreaksAndResumes();
      expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
      expect(stripeServer.upgrades()).toBe(1);
    });

    it('keeps saying it is being processed when the stream comes back and the bank has still to confirm', async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const stripeServer = stripeMember();
      stripeServer.checkoutAnswers(processingAnswer);
      renderApp('/membership');
      expect(await screen.findByText(PROCESSING)).toBeInTheDocument();
      const asked = stripeServer.checkouts();
      await streamBreaksAndResumes();
      await waitFor(() => expect(stripeServer.checkouts()).toBe(asked + 1));
      expect(screen.getByText(PROCESSING)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Pay $9.99' })).not.toBeInTheDocument();
    });

    it('says it is being processed, offers no second payment, and shows Gold when the webhook has upgraded the member', async () => {
      const stripeServer = stripeMember();
      stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'processing' } });
      const { user } = renderApp('/membership');
      const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
      await waitFor(() => expect(pay).toBeEnabled());
      // The polite region is on the page before its words come, so a screen reader hears them.
      const region = within(screen.getByRole('main')).getByRole('status');
      expect(region).toBeEmptyDOMElement();

      await user.click(pay);
      await waitFor(() => expect(region).toHaveTextContent(PROCESSING));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^(Pay \$9\.99|Processing\.\.\.)$/ })).not.toBeInTheDocument();
      expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
      expect(screen.queryByText('Payment successful! 🎉')).not.toBeInTheDocument();
      // Nothing is asked of the server until Stripe says the payment went through.
      expect(stripeServer.upgrades()).toBe(0);

      // Stripe's payment_intent.succeeded upgrades the member on the server, which tells them.
      stripeServer.webhookUpgrade();
      await waitFor(() => expect(Source.open).toHaveLength(1));
      Source.open[0]!.emit('notification', goldNotification());
      expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
      expect(screen.getByText('Payment successful! 🎉')).toBeInTheDocument();
      expect(stripe.confirmCardPayment).toHaveBeenCalledTimes(1);
    });

    it('says the same when another tab’s payment of the same intent is processing', async () => {
      stripeMember();
      // What Stripe.js answers for a PaymentIntent another tab has confirmed and Stripe is processing.
      stripe.confirmCardPayment.mockResolvedValueOnce(unexpectedState('processing', 'This PaymentIntent’s payment is being processed.'));
      const { user } = renderApp('/membership');
      const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
      await waitFor(() => expect(pay).toBeEnabled());
      await user.click(pay);
      expect(await screen.findByText(PROCESSING)).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Pay $9.99' })).not.toBeInTheDocument();
    });
  });

  it('says "Payment failed. Please try again." and offers the card form when opened after the bank declined the last payment', async () => {
    const stripeServer = stripeMember();
    stripeServer.checkoutAnswers(failedAnswer);
    const { user } = renderApp('/membership');
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
    const pay = screen.getByRole('button', { name: 'Pay $9.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(screen.getByTestId('stripe-card-element')).toBeInTheDocument();

    // Paying again says only what this payment gives.
    stripe.confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    await user.click(pay);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'));
    expect(screen.queryByText('Payment failed. Please try again.')).not.toBeInTheDocument();
  });

  it('says "Payment failed. Please try again." and offers to pay again when Stripe leaves the card’s authentication unfinished', async () => {
    stripeMember();
    // Not paid: the intent waits for the authentication, and paying again confirms that same intent.
    stripe.confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_123', status: 'requires_action' } });
    const { user } = renderApp('/membership');
    const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
    expect(screen.getByRole('button', { name: 'Pay $9.99' })).toBeEnabled();
  });

  it('offers to load Stripe.js again when it could not be loaded, and shows the card form once it is', async () => {
    stripeMember();
    // A key of its own: the page keeps one Stripe.js per key for the visit.
    const key = 'pk_test_unreachable';
    server.use(http.get('*/api/config', () => HttpResponse.json(buildConfig({ payments: { provider: 'stripe', publishableKey: key } }))));
    stripe.loadStripe.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    renderApp('/membership');

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
    expect(screen.queryByTestId('stripe-card-element')).not.toBeInTheDocument();
    // The click starts the load again and the form suspends meanwhile: React asks for the act
    // around such an update to be awaited, which user-event's own does not.
    const tryAgain = screen.getByRole('button', { name: 'Try again' });
    await act(async () => tryAgain.click());

    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledTimes(2);
    expect(stripe.loadStripe).toHaveBeenLastCalledWith(key);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says "Payment failed. Please try again." when Stripe.js throws', async () => {
    stripeMember();
    stripe.confirmCardPayment.mockRejectedValueOnce(new Error('boom'));
    const { user } = renderApp('/membership');
    const pay = await screen.findByRole('button', { name: 'Pay $9.99' });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
  });
});
