import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { modifiedSchema } from '#shared/schemas/common.ts';
import {
  clientSecretSchema,
  confirmResultSchema,
  createPaymentInputSchema,
  sandboxConfirmInputSchema,
  upgradeInputSchema,
} from '#shared/schemas/payment.ts';
import { emailParamsSchema } from '#shared/schemas/user.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { createSandboxProvider, createStripeClient, createStripeProvider, type PaymentProvider } from './payment-provider.ts';
import { confirmSandboxPayment, findSandboxIntent, handleStripeEvent, startGoldPayment, upgradeToGold } from './membership.service.ts';

export const membershipRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, guards, config, writePath } = app;
  const stripeClient: Stripe | null = config.stripe ? await createStripeClient(config.stripe) : null;
  const provider: PaymentProvider | null = stripeClient
    ? createStripeProvider(stripeClient)
    : config.sandboxPayments
      ? createSandboxProvider({ secret: config.authSecret, lookup: (intentId) => findSandboxIntent(db, intentId) })
      : null;
  // Without a provider the payment calls are absent, as the sandbox's confirmation and the
  // webhook are: a 404, never a 403, which the browser takes for the end of the member's session.
  const requireProvider = (): PaymentProvider => {
    if (!provider) throw new AppError(404, 'NOT_FOUND', 'Payments are not configured on this server.');
    return provider;
  };

  app.post(
    '/api/create-payment',
    {
      onRequest: guards.requireUser,
      config: { errors: [404, 409, 502, 503] },
      schema: { body: createPaymentInputSchema.nullish(), response: { 200: clientSecretSchema } },
    },
    async (request) => startGoldPayment(writePath, requireProvider(), request.viewer!),
  );

  app.patch(
    '/api/update/membership/:email',
    {
      onRequest: guards.requireUser,
      config: { errors: [402, 404, 502, 503] },
      schema: { params: emailParamsSchema, body: upgradeInputSchema, response: { 200: modifiedSchema } },
    },
    async (request) => upgradeToGold(writePath, requireProvider(), request.viewer!, request.params.email),
  );

  if (provider?.name === 'sandbox') {
    app.post(
      '/api/payments/sandbox/confirm',
      {
        onRequest: guards.requireUser,
        config: { errors: [404] },
        schema: { body: sandboxConfirmInputSchema, response: { 200: confirmResultSchema } },
      },
      async (request) => confirmSandboxPayment(writePath, request.viewer!, request.body),
    );
  }

  // Stripe signs the raw bytes, so this route alone keeps the body unparsed.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    const answer = z.object({ received: z.boolean() });
    webhook.post('/api/payments/webhook', { config: { errors: [400, 404] }, schema: { response: { 200: answer } } }, async (request) => {
      if (!stripeClient || !config.stripe?.webhookSecret) throw notFound('route');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest('Missing Stripe signature.');
      let event: Stripe.Event;
      try {
        event = stripeClient.webhooks.constructEvent(request.body, signature, config.stripe.webhookSecret);
      } catch {
        throw badRequest('The webhook signature is not valid.');
      }
      await handleStripeEvent(writePath, event);
      return { received: true };
    });
  });
};
