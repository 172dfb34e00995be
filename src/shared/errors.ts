import { z } from 'zod';

import { ERROR_CODES } from './error-codes.ts';

export { ERROR_CODES, codeForStatus, type ErrorCode } from './error-codes.ts';

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(errorDetailSchema).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
