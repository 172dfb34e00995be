// A post's tag the server refuses: Add Post and Edit Post both read the tags again and empty
// the choice, so the select no longer offers it to be refused on every try.
import { isApiError } from '#web/lib/api-client.ts';

/** The server does not know the chosen tag: an admin removed or renamed it since the tags were read. */
export const isUnknownTagError = (error: unknown): boolean =>
  isApiError(error) && error.code === 'VALIDATION_FAILED' && (error.details ?? []).some((d) => d.path === 'body.category');
