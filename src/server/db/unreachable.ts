/**
 * Whether an error says the database could not be reached, or dropped the connection, rather
 * than that the request was wrong: the answer is then 503, and trying again shortly may work.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATE class 08 (connection exceptions), 57P01–57P03 (the server shutting down or not
// started yet), 53300 (too many connections).
const SERVER_STATES = /^(?:08...|57P0[123]|53300)$/;
// What pg and its pool say of a connection lost or never made.
const DRIVER_MESSAGES = ['Connection terminated', 'timeout exceeded when trying to connect', 'is not queryable'];

export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) return true;
  return DRIVER_MESSAGES.some((m) => error.message.includes(m));
}
