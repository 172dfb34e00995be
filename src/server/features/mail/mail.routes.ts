import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNSUBSCRIBE_API_PATH, unsubscribePageHref } from '#shared/mail-unsubscribe.ts';
import { unsubscribeBodySchema, unsubscribeQuerySchema, unsubscribeResultSchema } from '#shared/schemas/mail.ts';
import { addressKey } from '../../lib/address-key.ts';
import { badRequest } from '../../lib/app-error.ts';
import { unsubscribeFromMail } from '../notifications/notifications.service.ts';
import { unsubscribeTokens } from './unsubscribe-token.ts';

/**
 * A notification mail's List-Unsubscribe address (RFC 2369, RFC 8058; ADR 0020). The signed
 * token in it is the whole authority: no session or cookie is read, and it can only ever turn
 * one kind of mail off for the one member it names.
 */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { writePath } = app;
  const tokens = unsubscribeTokens(app.config.authSecret);

  // RFC 8058 has providers POST `List-Unsubscribe=One-Click` as multipart/form-data or
  // form-encoded; the app parses neither elsewhere, so only this plugin's routes take them. A
  // multipart body is not read: the address says everything, the body only that it is one click.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) => done(null, {}));

  /**
   * Who an unsubscribe is counted against (RATE_LIMIT): the member a valid token names, since a
   * mailbox provider posts for many members from few addresses; a token that is not valid, its
   * sender's address. Checked here before the handler, which checks it again (an HMAC is cheap).
   */
  const limitKey = (request: FastifyRequest): string => {
    const token = (request.query as { token?: unknown }).token;
    const link = typeof token === 'string' ? tokens.verify(token) : null;
    return link ? `member:${link.memberId}` : `ip:${addressKey(request.ip)}`;
  };

  // A GET changes nothing, whoever follows the link (a mail client, a link scanner, a person): it
  // leads to the web app's page, which says what will stop and asks before it POSTs.
  app.get(
    UNSUBSCRIBE_API_PATH,
    {
      schema: {
        summary: 'Leads to the unsubscribe page (303 to /unsubscribe?token=…); changes nothing',
        querystring: unsubscribeQuerySchema,
        response: { 303: z.null().describe('To the page that asks before it turns the mails off.') },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').redirect(unsubscribePageHref(request.query.token), 303),
  );

  app.post(
    UNSUBSCRIBE_API_PATH,
    {
      config: {
        // No cookie is read here: the only authority is the signed token in the address. The
        // origin check (plugins/security.ts) stops another site's page from borrowing a member's
        // cookie, and there is none to borrow; a page that holds the token could send this from
        // anywhere anyway. Webmail that makes the one-click POST from the reader's browser would
        // otherwise be refused.
        anyOrigin: true,
        rateLimit: { keyGenerator: limitKey },
      },
      schema: {
        summary:
          'One-click unsubscribe (RFC 8058): turns off the notification mails the token names, for the member it names; no session needed, and doing it again is harmless',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
        querystring: unsubscribeQuerySchema,
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeResultSchema },
      },
    },
    async (request) => {
      const link = tokens.verify(request.query.token);
      if (!link) throw badRequest('This unsubscribe link is not valid.', [{ path: 'token', message: 'is not a link this forum sent' }]);
      return unsubscribeFromMail(writePath, link);
    },
  );
};
