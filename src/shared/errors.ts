import { z } from 'zod';

/** The closed set of machine codes in the one error shape of API.md. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'POST_LIMIT_REACHED',
  'BANNED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(errorDetailSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
