import type { FastifyInstance } from 'fastify';
import type { SessionViewer } from '../plugins/auth.ts';

export interface TestMember {
  id: string;
  email: string;
  name: string;
  password: string;
  token: string;
  cookie: string;
  /** Headers that authenticate a request as this member (bearer token). */
  headers: { authorization: string };
}

let counter = 0;
export const STRONG_PASSWORD = 'Passw0rd!';

/** Signs a member up through Better Auth's real endpoint, as the browser does. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestMember> {
  counter += 1;
  const name = overrides.name ?? `Member ${counter}`;
  const email = overrides.email ?? `member${counter}-${Date.now()}@example.test`;
  const password = overrides.password ?? STRONG_PASSWORD;
  const res = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { name, email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string; email: string } };
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).map((c) => c.split(';')[0]).join('; ');
  return {
    id: body.user.id,
    email: body.user.email,
    name,
    password,
    token: body.token,
    cookie,
    headers: { authorization: `Bearer ${body.token}` },
  };
}

export async function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
}

/** The member as a service reads its caller (a Bronze member unless `over` says otherwise), for writes made without a request. */
export const asViewer = (m: Pick<TestMember, 'id' | 'email' | 'name'>, over: Partial<SessionViewer> = {}): SessionViewer => ({
  id: m.id,
  email: m.email,
  name: m.name,
  image: null,
  role: 'Client',
  membership: 'Bronze',
  ...over,
});
