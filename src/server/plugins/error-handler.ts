import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { codeForStatus } from '#shared/error-codes.ts';
import type { ApiErrorBody } from '#shared/errors.ts';
import { isDatabaseUnreachable } from '../db/unreachable.ts';
import { AppError, RATE_LIMITED_MESSAGE } from '../lib/app-error.ts';

/** Unique-constraint violations from either driver; the only place that knows their codes. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

function toBody(error: FastifyError | Error): { status: number; body: ApiErrorBody } {
  if (error instanceof AppError) {
    return { status: error.statusCode, body: { message: error.message, code: error.code, details: error.details } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => ({
      path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
      message: v.message ?? 'is invalid',
    }));
    return { status: 400, body: { message: 'The request is not valid.', code: 'VALIDATION_FAILED', details } };
  }
  if (isDatabaseUnreachable(error)) {
    return {
      status: 503,
      body: { message: 'The forum cannot reach its database just now. Please try again in a moment.', code: 'INTERNAL' },
    };
  }
  if (isUniqueViolation(error)) {
    return { status: 409, body: { message: 'That already exists.', code: 'CONFLICT' } };
  }
  const status = (error as FastifyError).statusCode;
  if (!isResponseSerializationError(error) && typeof status === 'number' && status >= 400 && status < 500) {
    const message =
      status === 429
        ? RATE_LIMITED_MESSAGE
        : (error as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
    return { status, body: { message, code: codeForStatus(status) } };
  }
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' } };
}

/**
 * While the database is away every request fails alike: one warning per this long, with how many
 * answers it stands for, rather than an error with its stack for each.
 */
const UNREACHABLE_LOG_INTERVAL_MS = 10_000;

/** One error shape for every failure, including Fastify's own; never a stack trace or SQL. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    let unreachableLoggedAt = -Infinity;
    let unreachableSince = 0;
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, body } = toBody(error);
      if (status === 503 && isDatabaseUnreachable(error)) {
        unreachableSince += 1;
        const now = performance.now();
        if (now - unreachableLoggedAt >= UNREACHABLE_LOG_INTERVAL_MS) {
          const { code } = error as { code?: unknown };
          request.log.warn({ cause: { code, message: error.message }, answered503: unreachableSince }, 'database unreachable');
          unreachableLoggedAt = now;
          unreachableSince = 0;
        }
      } else if (status >= 500) request.log.error({ err: error }, 'request failed');
      reply.status(status).header('cache-control', 'no-store').send(body);
    });
  },
  { name: 'error-handler' },
);

export function sendNotFound(reply: FastifyReply): void {
  reply.status(404).send({ message: 'No such route.', code: 'NOT_FOUND' } satisfies ApiErrorBody);
}

/**
 * Fastify's router refuses some addresses before any route or hook runs (a malformed
 * percent-escape, a parameter beyond maxParamLength): the one error shape here too, without
 * echoing the address back.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long.' : 'The address is not valid.';
  const status = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 400 : 500;
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .send({
      message: status === 400 ? message : 'Something went wrong on our side. Please try again.',
      code: codeForStatus(status),
    } satisfies ApiErrorBody);
}

/** What Node's HTTP parser refuses before Fastify sees a request (headers too large, not HTTP). */
export function clientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The request’s headers are too large.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message, code: codeForStatus(status) } satisfies ApiErrorBody);
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  // Ended, not destroyed at once: closing a socket with unread bytes (the rest of an oversized
  // request) resets the connection, and the client would lose the answer before reading it. The
  // client closes on the answer; one that does not is let go shortly after.
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), CLIENT_ERROR_LINGER_MS).unref();
}

/** How long a refused connection may stay half-closed for its client to read the answer. */
const CLIENT_ERROR_LINGER_MS = 2_000;
