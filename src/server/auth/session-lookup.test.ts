import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { signUp, type TestMember } from '../test/sign-in.ts';

// Who is calling, answered by the indexed session read (session-lookup.ts) or, for anything
// unusual, by Better Auth: both must give the same answers.
describe('session lookup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const anonymous = () => t.app.inject({ url: '/api/users/role/someone@example.test' });
  const whoAmI = async (m: TestMember, headers: Record<string, string>) => t.app.inject({ url: `/api/users/${m.email}`, headers });

  const signedToken = async (m: TestMember) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: m.email, password: m.password } });
    return { raw: res.json().token as string, signed: res.headers['set-auth-token'] as string };
  };

  it('accepts the bare token, the signed token (also URL-encoded) and the session cookie', async () => {
    const m = await signUp(t.app);
    const { raw, signed } = await signedToken(m);
    expect(signed).toMatch(/^[^.]+\.[A-Za-z0-9+/]{43}=$/);
    const variants: Array<Record<string, string>> = [
      { authorization: `Bearer ${raw}` },
      { authorization: `bearer ${signed}` },
      { authorization: `Bearer ${encodeURIComponent(signed)}` },
      { cookie: m.cookie },
      { cookie: `theme=dark; ${m.cookie}; other=1` },
    ];
    for (const headers of variants) {
      const res = await whoAmI(m, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.json()).toMatchObject({ email: m.email });
    }
  });

  it('refuses a token or cookie whose signature does not match, and an unknown token', async () => {
    const m = await signUp(t.app);
    const { signed } = await signedToken(m);
    const [token] = signed.split('.');
    const forged = `${token}.${'A'.repeat(43)}=`;
    expect((await whoAmI(m, { authorization: `Bearer ${forged}` })).statusCode).toBe(401);
    const cookieName = m.cookie.split('=')[0]!;
    expect((await whoAmI(m, { cookie: `${cookieName}=${encodeURIComponent(forged)}` })).statusCode).toBe(401);
    expect((await whoAmI(m, { authorization: 'Bearer no-such-session-token' })).statusCode).toBe(401);
    expect((await anonymous()).statusCode).toBe(401);
  });

  it('refuses an expired session and removes it, as Better Auth does', async () => {
    const m = await signUp(t.app);
    const past = new Date(Date.now() - 60_000);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: t.engine === 'postgres' ? past : past.toISOString() })
      .where('token', '=', m.token)
      .execute();
    expect((await whoAmI(m, m.headers)).statusCode).toBe(401);
    expect(await t.db.selectFrom('sessions').select('id').where('token', '=', m.token).executeTakeFirst()).toBeUndefined();
  });

  it('lets Better Auth extend a session that is due for its refresh, and keeps it working', async () => {
    const m = await signUp(t.app);
    // Created 2 days ago with the default 7-day life: past the 1-day refresh age.
    const expires = new Date(Date.now() + 5 * 86_400_000);
    await t.db
      .updateTable('sessions')
      .set({ expires_at: t.engine === 'postgres' ? expires : expires.toISOString() })
      .where('token', '=', m.token)
      .execute();
    expect((await whoAmI(m, m.headers)).statusCode).toBe(200);
    const row = await t.db.selectFrom('sessions').select('expires_at').where('token', '=', m.token).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await whoAmI(m, m.headers)).statusCode).toBe(200);
  });

  it('refuses a banned account at once, even with a live session', async () => {
    const m = await signUp(t.app);
    await t.db.updateTable('users').set({ banned_at: new Date().toISOString() }).where('id', '=', m.id).execute();
    const res = await whoAmI(m, m.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED' });
  });

  it('sees a role change on the next request', async () => {
    const m = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/admin-stats', headers: m.headers })).statusCode).toBe(403);
    await t.db.updateTable('users').set({ role: 'Admin' }).where('id', '=', m.id).execute();
    expect((await t.app.inject({ url: '/api/admin-stats', headers: m.headers })).statusCode).toBe(200);
  });
});
