import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '#web/testing/msw/server.ts';
import { api, ApiError, apiRequest, setUnauthorizedHandler, totalCountOf } from './api-client.ts';

describe('api client', () => {
  const onUnauthorized = vi.fn();
  let unregister = setUnauthorizedHandler(onUnauthorized);

  afterEach(() => {
    unregister();
    onUnauthorized.mockReset();
    unregister = setUnauthorizedHandler(onUnauthorized);
  });

  it('sends JSON with the session cookie policy and returns the answer', async () => {
    let seen: { contentType: string | null; body: unknown } | undefined;
    server.use(
      http.post('*/api/user-data', async ({ request }) => {
        seen = { contentType: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ insertedId: 'abc' });
      }),
    );
    await expect(api.post('/user-data', { name: 'Ada' })).resolves.toEqual({ insertedId: 'abc' });
    expect(seen).toEqual({ contentType: 'application/json', body: { name: 'Ada' } });
  });

  it('builds query strings and exposes headers such as X-Total-Count', async () => {
    server.use(
      http.get('*/api/announcement-data', ({ request }) => {
        const url = new URL(request.url);
        return HttpResponse.json([], {
          headers: { 'X-Total-Count': `${url.searchParams.get('page')}-${url.searchParams.get('limit')}` === '0-1' ? '42' : '0' },
        });
      }),
    );
    const { headers } = await apiRequest('/announcement-data', { query: { page: 0, limit: 1, unused: undefined } });
    expect(totalCountOf(headers)).toBe(42);
  });

  it('throws an ApiError carrying the server message, code and details', async () => {
    server.use(
      http.post('*/api/post-data', () =>
        HttpResponse.json(
          { message: 'Invalid input', code: 'VALIDATION_FAILED', details: [{ path: 'title', message: 'Required' }] },
          { status: 400 },
        ),
      ),
    );
    const error = await api.post('/post-data', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      details: [{ path: 'title', message: 'Required' }],
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('falls back to a generic error when the answer is not the error shape', async () => {
    server.use(http.get('*/api/post-data-count', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
    await expect(api.get('/post-data-count')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: 'Request failed with status 502.',
    });
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
    [403, 'BANNED'],
  ])('calls the sign-out handler on %i %s', async (status, code) => {
    server.use(http.get('*/api/users/:email', () => HttpResponse.json({ message: 'No', code }, { status })));
    await expect(api.get('/users/a%40b.c')).rejects.toMatchObject({ status, code });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not sign out on POST_LIMIT_REACHED', async () => {
    server.use(
      http.post('*/api/post-data', () => HttpResponse.json({ message: 'Limit reached', code: 'POST_LIMIT_REACHED' }, { status: 403 })),
    );
    await expect(api.post('/post-data', {})).rejects.toMatchObject({ status: 403, code: 'POST_LIMIT_REACHED' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('reports a network failure as status 0', async () => {
    server.use(http.get('*/api/config', () => HttpResponse.error()));
    await expect(api.get('/config')).rejects.toMatchObject({ status: 0 });
  });

  it('validates the answer when given a schema', async () => {
    const { userRoleSchema } = await import('#shared/schemas/user.ts');
    server.use(http.get('*/api/users/role/:email', () => HttpResponse.json({ role: 'Owner' })));
    await expect(api.get('/users/role/a%40b.c', { schema: userRoleSchema })).rejects.toThrow();
  });
});
