// Requests over real HTTP to a test app listening on a free port: for tests whose requests must
// meet inside the server at once (races), which inject() runs one parse after another.
import type { FastifyInstance } from 'fastify';
import type { TestMember } from './sign-in.ts';

export type HttpSend = (
  member: TestMember,
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

/** Starts the app listening on 127.0.0.1 and returns a sender of `/api` requests as a member. */
export async function listenForHttp(app: FastifyInstance): Promise<HttpSend> {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return async (member, method, path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...member.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
}
