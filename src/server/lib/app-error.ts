import type { ErrorCode, ErrorDetail } from '#shared/errors.ts';

/** A failure a service can name; the error handler turns it into the one wire shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, 'VALIDATION_FAILED', message, details);
export const unauthenticated = (message = 'Please sign in to continue.') => new AppError(401, 'UNAUTHENTICATED', message);
export const paymentRequired = (message = 'A completed payment is required for this upgrade.') =>
  new AppError(402, 'PAYMENT_REQUIRED', message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'FORBIDDEN', message);
export const banned = (message = 'This account has been banned.') => new AppError(403, 'BANNED', message);
export const postLimitReached = (message = 'You have reached your post limit.') => new AppError(403, 'POST_LIMIT_REACHED', message);
export const notFound = (what = 'resource') => new AppError(404, 'NOT_FOUND', `No such ${what}.`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
export const unsupportedMediaType = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please wait a moment and try again.';
export const rateLimited = (message = RATE_LIMITED_MESSAGE) => new AppError(429, 'RATE_LIMITED', message);
