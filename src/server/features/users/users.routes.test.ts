import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { signUp, type TestMember } from '../../test/sign-in.ts';
import { promoteToAdmin } from './users.service.ts';

describe('users calls', () => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  let admin: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    admin = await signUp(t.app, { name: 'Ada Admin' });
    await promoteToAdmin(t.writePath, admin.email);
  });
  afterAll(() => t.close());

  it('answers a member their own record, by bearer token and by cookie', async () => {
    const byToken = await t.app.inject({ url: `/api/users/${alice.email}`, headers: alice.headers });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json()).toEqual({
      _id: alice.id,
      name: 'Alice',
      email: alice.email,
      photo: null,
      membership: 'Bronze',
      role: 'Client',
    });
    const byCookie = await t.app.inject({ url: `/api/users/${alice.email}`, headers: { cookie: alice.cookie } });
    expect(byCookie.statusCode).toBe(200);
  });

  it('answers members whose email is as long as sign-up allows', async () => {
    const email = `${'l'.repeat(64)}@${'d'.repeat(60)}.${'e'.repeat(60)}.example.test`;
    const long = await signUp(t.app, { name: 'Long', email });
    for (const url of [`/api/users/${email}`, `/api/users/role/${encodeURIComponent(email)}`]) {
      const res = await t.app.inject({ url, headers: long.headers });
      expect(res.statusCode, url).toBe(200);
    }
    const tooLong = await t.app.inject({ url: `/api/users/${'x'.repeat(300)}@example.test`, headers: long.headers });
    expect(tooLong.statusCode).toBe(400);
  });

  it('matches the email in the path case-insensitively', async () => {
    const res = await t.app.inject({ url: `/api/users/role/${alice.email.toUpperCase()}`, headers: alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ role: 'Client' });
  });

  it('refuses another member’s record with 403 and a visitor with 401', async () => {
    const other = await t.app.inject({ url: `/api/users/${bob.email}`, headers: alice.headers });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    const role = await t.app.inject({ url: `/api/users/role/${bob.email}`, headers: alice.headers });
    expect(role.statusCode).toBe(403);
    const anon = await t.app.inject({ url: `/api/users/${alice.email}` });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ message: expect.any(String), code: 'UNAUTHENTICATED' });
  });

  it('lets an admin read anyone, and reports Admin as the admin’s role', async () => {
    const res = await t.app.inject({ url: `/api/users/${bob.email}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: bob.email, role: 'Client' });
    const role = await t.app.inject({ url: `/api/users/role/${admin.email}`, headers: admin.headers });
    expect(role.json()).toEqual({ role: 'Admin' });
  });

  it('answers 404 for an unknown user to an admin, and 400 for a malformed email', async () => {
    const missing = await t.app.inject({ url: '/api/users/nobody@example.test', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    const bad = await t.app.inject({ url: '/api/users/not-an-email', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [expect.objectContaining({ path: expect.stringContaining('email') })],
    });
  });

  describe('POST user-data', () => {
    it('updates the caller’s own profile from the session, not from the body', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user-data',
        headers: bob.headers,
        payload: { name: 'Robert', email: bob.email, image: '/api/images/x' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ insertedId: bob.id });
      const me = await t.app.inject({ url: `/api/users/${bob.email}`, headers: bob.headers });
      expect(me.json()).toMatchObject({ name: 'Robert', photo: '/api/images/x' });
    });

    it('refuses to write another member’s profile and changes nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user-data',
        headers: bob.headers,
        payload: { name: 'Hacked', email: alice.email },
      });
      expect(res.statusCode).toBe(403);
      const a = await t.app.inject({ url: `/api/users/${alice.email}`, headers: alice.headers });
      const b = await t.app.inject({ url: `/api/users/${bob.email}`, headers: bob.headers });
      expect(a.json()).toMatchObject({ name: 'Alice' });
      expect(b.json()).toMatchObject({ name: 'Robert' });
    });

    it.each([
      ['malformed JSON', '{"name": ', 'application/json'],
      ['a wrong type', JSON.stringify({ name: 42 }), 'application/json'],
      ['an oversized name', JSON.stringify({ name: 'x'.repeat(81) }), 'application/json'],
      ['an empty name', JSON.stringify({ name: '   ' }), 'application/json'],
    ])('answers 400 in the error shape for %s and writes nothing', async (_label, payload, contentType) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user-data',
        headers: { ...alice.headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      const a = await t.app.inject({ url: `/api/users/${alice.email}`, headers: alice.headers });
      expect(a.json()).toMatchObject({ name: 'Alice' });
    });

    it('refuses a visitor', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/user-data', payload: { name: 'x' } });
      expect(res.statusCode).toBe(401);
    });
  });
});
