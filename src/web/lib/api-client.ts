// The one place in the browser that calls fetch for our own API (Better Auth's client
// aside). It sends the session cookie, speaks JSON, and turns every failure into an
// ApiError carrying the server's { message, code, details } (API.md "Errors").
import type { ZodType } from 'zod';
import { codeForStatus } from '#shared/error-codes.ts';
import type { ErrorCode, ErrorDetail } from '#shared/errors.ts';
// Only the page shape: this module is on the first view, and page.ts's pageOf needs zod.
import { TOTAL_COUNT_HEADER, type Page } from '#shared/page.ts';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;

  constructor(status: number, body: { message: string; code: ErrorCode; details?: ErrorDetail[] | undefined }) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.details = body.details;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Status 0: the request never got an HTTP answer. */
export const NETWORK_ERROR_MESSAGE = 'Could not reach the server. Check your connection and try again.';

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/**
 * SPEC.md §4: a 401 or 403 on an authenticated call signs the user out, except
 * POST_LIMIT_REACHED (shown as the upgrade prompt). Returns an unregister function.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export const shouldSignOut = (error: ApiError): boolean =>
  (error.status === 401 || error.status === 403) && error.code !== 'POST_LIMIT_REACHED';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData body is sent as multipart, URLSearchParams form-encoded; anything else as JSON. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal | undefined;
  /** Validates the answer; the result is the schema's output. */
  schema?: ZodType<T>;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

/** Absolute URL of an API path such as `/users/role/a%40b.c` (relative to /api). */
export function apiUrl(path: string, query?: QueryParams): string {
  const url = new URL(`${API_BASE}${path.startsWith('/') ? path : `/${path}`}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function toApiError(status: number, body: unknown): Promise<ApiError> {
  // The shared schema (and zod with it) is fetched on the first failure only, so the
  // first page does not carry the validation library.
  try {
    const { apiErrorSchema } = await import('#shared/errors.ts');
    const parsed = apiErrorSchema.safeParse(body);
    if (parsed.success) return new ApiError(status, parsed.data);
  } catch {
    // Could not load the schema (e.g. offline): fall through to the generic error.
  }
  const message =
    typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `Request failed with status ${status}.`;
  return new ApiError(status, { message, code: status === 0 ? 'INTERNAL' : codeForStatus(status) });
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<ApiResponse<T>> {
  const { method = 'GET', body, query, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof URLSearchParams) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, { message: NETWORK_ERROR_MESSAGE, code: 'INTERNAL' });
  }

  const data = await readBody(response);
  if (!response.ok) {
    const error = await toApiError(response.status, data);
    if (shouldSignOut(error)) unauthorizedHandler?.(error);
    throw error;
  }
  return {
    data: schema ? schema.parse(data) : (data as T),
    status: response.status,
    headers: response.headers,
  };
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

/** Shorthands that return only the answer's body. */
export const api = {
  get: async <T = unknown>(path: string, options?: MethodOptions<T>): Promise<T> =>
    (await apiRequest<T>(path, { ...options, method: 'GET' })).data,
  post: async <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>): Promise<T> =>
    (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  patch: async <T = unknown>(path: string, body?: unknown, options?: MethodOptions<T>): Promise<T> =>
    (await apiRequest<T>(path, { ...options, method: 'PATCH', body })).data,
  delete: async <T = unknown>(path: string, options?: MethodOptions<T>): Promise<T> =>
    (await apiRequest<T>(path, { ...options, method: 'DELETE' })).data,
};

/** The total of a paged answer (API.md: every paged answer sends X-Total-Count). */
export function totalCountOf(headers: Headers): number {
  const total = Number(headers.get(TOTAL_COUNT_HEADER));
  return Number.isFinite(total) && total >= 0 ? total : 0;
}

/**
 * One page of a list (API.md "Pagination"): the items are the answer's body, the total its
 * X-Total-Count header. `T` is the item type of the shared schema the server answers with.
 */
export async function getPage<T>(path: string, query: QueryParams, signal?: AbortSignal): Promise<Page<T>> {
  const { data, headers } = await apiRequest<T[]>(path, { query, signal });
  return { items: data, total: totalCountOf(headers) };
}
