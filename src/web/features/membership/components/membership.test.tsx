import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Membership } from '#shared/constants.ts';
import { CARD_MESSAGES, GOLD_ALREADY_PAID } from '#shared/schemas/payment.ts';
import { buildConfig, buildUser, buildViewer } from '#web/testing/factories.ts';
import { server } from '#web/testing/msw/server.ts';
import { signedInAs } from '#web/testing/msw/handlers.ts';
import { renderApp } from '#web/testing/render-app.tsx';
import { CARD_INPUT_MESSAGES } from '../utils/card-input.ts';

const viewer = buildViewer();
const CLIENT_SECRET = 'pi_sandbox_1_secret_abc';

/** A signed-in Client whose stored record says `membership`; counts the payment calls. */
function member(membership: Membership = 'Bronze') {
  const calls = { createPayment: 0, confirm: [] as unknown[], upgrade: [] as unknown[], userLoads: 0 };
  const record = { membership };
  // The first matching handler answers: the record below wins over signedInAs's.
  server.use(
    http.get('*/api/users/:email', () => {
      calls.userLoads += 1;
      return HttpResponse.json(buildUser({ _id: viewer.id, name: viewer.name, email: viewer.email, membership: record.membership }));
    }),
    http.post('*/api/create-payment', () => {
      calls.createPayment += 1;
      return HttpResponse.json({ clientSecret: CLIENT_SECRET });
    }),
    http.patch('*/api/update/membership/:email', async ({ request, params }) => {
      calls.upgrade.push({ email: params.email, body: await request.json() });
      record.membership = 'Gold';
      return HttpResponse.json({ modifiedCount: 1 });
    }),
    ...signedInAs('Client', viewer),
  );
  return { calls, record };
}

/** The sandbox answers the confirmation with `answer` (after `gate`, when given). */
function sandboxAnswers(calls: { confirm: unknown[] }, answer: () => Response, gate?: Promise<void>) {
  server.use(
    http.post('*/api/payments/sandbox/confirm', async ({ request }) => {
      calls.confirm.push(await request.json());
      await gate;
      return answer();
    }),
  );
}

async function openMembership() {
  const app = renderApp('/membership');
  await screen.findByRole('heading', { level: 1 });
  return app;
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], number = '4242424242424242') {
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), '1234');
  await user.type(screen.getByLabelText('CVC'), '123');
}

const payButton = () => screen.getByRole('button', { name: /^(Pay \$9\.99|Processing\.\.\.)$/ });

describe('Membership page, Bronze member', () => {
  it('shows the status, the Gold benefits, the price line and the card form with the test card', async () => {
    const { calls } = member('Bronze');
    await openMembership();

    expect(screen.getByRole('heading', { level: 1, name: 'Membership Status' })).toBeInTheDocument();
    expect(screen.getByText('You are currently a Bronze member.')).toBeInTheDocument();
    for (const benefit of ['Gold Member Badge', 'post more than 5 posts per day', 'access to exclusive threads']) {
      expect(screen.getByText(benefit)).toBeInTheDocument();
    }
    expect(screen.getByText('Pay $9.99 to become a Gold Member.')).toBeInTheDocument();

    const number = screen.getByLabelText('Card number');
    expect(number).toHaveAttribute('inputmode', 'numeric');
    expect(number).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText('CVC')).toHaveAttribute('autocomplete', 'cc-csc');
    expect(screen.getByText('4242 4242 4242 4242')).toBeVisible();
    expect(screen.getByText(/any\s+future date and any CVC/)).toBeInTheDocument();

    // The payment is started as the page opens; the button waits for its client secret.
    await waitFor(() => expect(payButton()).toBeEnabled());
    expect(payButton()).toHaveTextContent('Pay $9.99');
    expect(calls.createPayment).toBe(1);
    expect(screen.queryByRole('button', { name: 'Gold Membership Active' })).not.toBeInTheDocument();
  });

  it('keeps the pay button disabled until the client secret is there', async () => {
    member('Bronze');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.post('*/api/create-payment', async () => {
        await gate;
        return HttpResponse.json({ clientSecret: CLIENT_SECRET });
      }),
    );
    await openMembership();
    expect(await screen.findByLabelText('Card number')).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    release();
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('formats the card number in groups of 4 and the expiry as MM/YY', async () => {
    member('Bronze');
    const { user } = await openMembership();
    await fillCard(user);
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText('Expiry (MM/YY)')).toHaveValue('12/34');
    expect(screen.getByLabelText('CVC')).toHaveValue('123');
  });

  it('shows "Processing..." while paying, then the success message, then the Gold card once the record reloads', async () => {
    const { calls } = member('Bronze');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    sandboxAnswers(calls, () => HttpResponse.json({ paymentIntent: { id: 'pi_sandbox_1', status: 'succeeded' } }), gate);
    const { user } = await openMembership();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user);

    await user.click(payButton());
    const processing = await screen.findByRole('button', { name: 'Processing...' });
    expect(processing).toBeDisabled();
    expect(screen.getByLabelText('Card number')).toBeDisabled();

    release();
    const success = await screen.findByText('Payment successful! 🎉');
    expect(success).toHaveClass('text-success-700');

    // The Gold card appears once the record reloads as Gold; the success message stays.
    expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
    expect(screen.getByText('Payment successful! 🎉')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    expect(calls.confirm).toEqual([
      {
        clientSecret: CLIENT_SECRET,
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
        billing_details: { name: viewer.name, email: viewer.email },
      },
    ]);
    expect(calls.upgrade).toEqual([{ email: viewer.email, body: { membership: 'Gold' } }]);
    expect(calls.userLoads).toBe(2);
    // Nothing of the card is kept in the browser.
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it("shows the provider's message in red under the card field when the card is declined", async () => {
    const { calls } = member('Bronze');
    sandboxAnswers(calls, () => HttpResponse.json({ error: { message: CARD_MESSAGES.declined } }));
    const { user } = await openMembership();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user, '4000000000000002');
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveClass('text-danger-700');
    // Under the card fields, and processing has ended.
    const cvc = screen.getByLabelText('CVC');
    expect(cvc.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(payButton()).toHaveTextContent('Pay $9.99');
    expect(payButton()).toBeEnabled();
    expect(calls.upgrade).toEqual([]);
    expect(screen.queryByText('Payment successful! 🎉')).not.toBeInTheDocument();

    // A new try the form itself refuses says only what it finds.
    await user.clear(screen.getByLabelText('CVC'));
    await user.type(screen.getByLabelText('CVC'), '1');
    await user.click(payButton());
    expect(await screen.findByText(CARD_INPUT_MESSAGES.cvcIncomplete)).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('CVC'));
    await user.type(screen.getByLabelText('CVC'), '123');

    // Paying again with a good card clears the message.
    sandboxAnswers(calls, () => HttpResponse.json({ paymentIntent: { id: 'pi_sandbox_1', status: 'succeeded' } }));
    await user.clear(screen.getByLabelText('Card number'));
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.click(payButton());
    expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
    expect(screen.queryByText('Your card was declined.')).not.toBeInTheDocument();
  });

  it("shows the sandbox's own message for a card it refuses as malformed", async () => {
    const { calls } = member('Bronze');
    sandboxAnswers(calls, () =>
      HttpResponse.json(
        {
          message: 'The request is not valid.',
          code: 'VALIDATION_FAILED',
          details: [{ path: 'body.card.exp_month', message: 'Your card’s expiration month is invalid.' }],
        },
        { status: 400 },
      ),
    );
    const { user } = await openMembership();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user);
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card’s expiration month is invalid.');
  });

  it('says "Payment failed. Please try again." on an unexpected failure', async () => {
    const { calls } = member('Bronze');
    sandboxAnswers(calls, () => HttpResponse.json({ message: 'Something went wrong on our side.', code: 'INTERNAL' }, { status: 500 }));
    const { user } = await openMembership();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user);
    await user.click(payButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed. Please try again.');
    expect(alert).toHaveClass('text-danger-700');
    expect(payButton()).toBeEnabled();

    // A network failure is unexpected too.
    server.use(http.post('*/api/payments/sandbox/confirm', () => HttpResponse.error()));
    await user.click(payButton());
    await waitFor(() => expect(payButton()).toHaveTextContent('Pay $9.99'));
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
  });

  it("checks the card's fields before sending anything", async () => {
    const { calls } = member('Bronze');
    sandboxAnswers(calls, () => HttpResponse.json({ paymentIntent: { id: 'x', status: 'succeeded' } }));
    const { user } = await openMembership();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await user.type(screen.getByLabelText('Card number'), '4242');
    await user.click(payButton());

    expect(await screen.findByText(CARD_INPUT_MESSAGES.numberIncomplete)).toBeInTheDocument();
    expect(screen.getByText(CARD_INPUT_MESSAGES.expiryIncomplete)).toBeInTheDocument();
    expect(screen.getByText(CARD_INPUT_MESSAGES.cvcIncomplete)).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.confirm).toEqual([]);
  });

  it('offers to try the upgrade again when it fails after a successful payment', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls, record } = member('Bronze');
    sandboxAnswers(calls, () => HttpResponse.json({ paymentIntent: { id: 'pi_sandbox_1', status: 'succeeded' } }));
    let refuse = true;
    server.use(
      http.patch('*/api/update/membership/:email', () => {
        if (refuse) {
          return HttpResponse.json({ message: 'No completed Gold payment was found.', code: 'PAYMENT_REQUIRED' }, { status: 402 });
        }
        record.membership = 'Gold';
        return HttpResponse.json({ modifiedCount: 1 });
      }),
    );
    const { user } = await openMembership();
    await waitFor(() => expect(payButton()).toBeEnabled());
    await fillCard(user);
    await user.click(payButton());

    expect(await screen.findByText(/your membership could not be updated yet/)).toBeInTheDocument();
    expect(screen.getByText('Payment successful! 🎉')).toBeInTheDocument();
    // SPEC.md §8: the update failure is logged.
    expect(warn).toHaveBeenCalledWith('Membership update failed', expect.anything());
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
  });

  it('says the Gold membership is paid for already, instead of a form, when the server refuses the checkout, and offers the upgrade', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = member('Bronze');
    // Paid in another tab, its upgrade not come yet.
    server.use(
      http.post('*/api/create-payment', () => HttpResponse.json({ message: GOLD_ALREADY_PAID, code: 'CONFLICT' }, { status: 409 })),
    );
    const { user } = await openMembership();

    expect(await screen.findByText(GOLD_ALREADY_PAID)).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay $9.99' })).not.toBeInTheDocument();
    expect(screen.queryByText(/could not be started/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update my membership' }));
    expect(await screen.findByRole('heading', { name: "You're a Gold Member!" })).toBeInTheDocument();
    expect(calls.upgrade).toEqual([{ email: viewer.email, body: { membership: 'Gold' } }]);
    expect(calls.confirm).toEqual([]);
  });

  it('does not start a payment when the server takes no card payments', async () => {
    const { calls } = member('Bronze');
    server.use(http.get('*/api/config', () => HttpResponse.json(buildConfig({ payments: { provider: 'none', publishableKey: null } }))));
    await openMembership();
    expect(await screen.findByText('Card payments are not available on this server right now.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay $9.99' })).not.toBeInTheDocument();
    expect(calls.createPayment).toBe(0);
  });
});

describe('Membership page, Gold member', () => {
  it('shows the Gold card with its benefits and an inactive button, and no payment form', async () => {
    const { calls } = member('Gold');
    await openMembership();

    const card = screen.getByRole('region', { name: "You're a Gold Member!" });
    for (const benefit of ['post unlimited content (more than 5 posts)', 'access exclusive threads', 'Gold member badge activated']) {
      expect(within(card).getByText(benefit)).toBeInTheDocument();
    }
    expect(within(card).getByRole('button', { name: 'Gold Membership Active' })).toBeDisabled();
    expect(screen.queryByText('Membership Status')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment successful! 🎉')).not.toBeInTheDocument();
    expect(calls.createPayment).toBe(0);
  });
});

describe('Membership page, visitor', () => {
  it('sends a signed-out visitor to the sign-in page', async () => {
    const { router } = renderApp('/membership');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(router.state.location.state).toEqual({ from: '/membership' });
  });
});
