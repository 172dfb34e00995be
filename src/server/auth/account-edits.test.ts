import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '#shared/constants.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { signIn, signUp, STRONG_PASSWORD, type TestMember } from '../test/sign-in.ts';

// My Profile: a member changes their name and photo (update-user) and their password
// (change-password), under the rules of sign-up.
describe('account edits', () => {
  let t: TestApp;
  let alice: TestMember;

  beforeAll(async () => {
    t = await buildTestApp();
    alice = await signUp(t.app, { name: 'Alice' });
  });
  afterAll(() => t.close());

  const updateUser = (member: TestMember, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: member.headers, payload });

  it('changes the name and photo, which the public profile then shows', async () => {
    const res = await updateUser(alice, { name: '  Alice Liddell ', image: 'https://img.example.test/alice.png' });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ url: `/api/members/${alice.id}` });
    expect(profile.json()).toMatchObject({ name: 'Alice Liddell', photo: 'https://img.example.test/alice.png' });
  });

  it('refuses a blank or too long name with 400, keeping the old one', async () => {
    for (const name of ['   ', 'x'.repeat(NAME_MAX + 1), 42]) {
      const res = await updateUser(alice, { name });
      expect(res.statusCode, String(name)).toBe(400);
    }
    const photoOnly = await updateUser(alice, { image: 'https://img.example.test/alice2.png' });
    expect(photoOnly.statusCode).toBe(200);
    const profile = await t.app.inject({ url: `/api/members/${alice.id}` });
    expect(profile.json()).toMatchObject({ name: 'Alice Liddell', photo: 'https://img.example.test/alice2.png' });
  });

  it('refuses a photo that is neither an upload of ours nor an https address, at sign-up, from My Profile and in user-data, keeping the old one', async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    expect((await updateUser(carol, { image: '/api/images/img-1' })).statusCode).toBe(200);
    const bad = [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://img.example.test/a.png',
      '/api/images/../x',
      `https://img.example.test/${'a'.repeat(2048)}`,
      42,
    ];
    for (const image of bad) {
      const res = await updateUser(carol, { image });
      expect(res.statusCode, String(image)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      const data = await t.app.inject({ method: 'POST', url: '/api/user-data', headers: carol.headers, payload: { name: 'Carol', image } });
      expect(data.statusCode, String(image)).toBe(400);
      expect(data.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const signUpWithBad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Eve', email: `eve-${Date.now()}@example.test`, password: STRONG_PASSWORD, image: 'javascript:alert(1)' },
    });
    expect(signUpWithBad.statusCode).toBe(400);
    const profile = await t.app.inject({ url: `/api/members/${carol.id}` });
    expect(profile.json()).toMatchObject({ photo: '/api/images/img-1' });
    // null takes the photo away.
    expect((await updateUser(carol, { image: null })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/members/${carol.id}` })).json()).toMatchObject({ photo: null });
  });

  it('changes the password only with the current one and a strong new one, signing other sessions out', async () => {
    const bob = await signUp(t.app, { name: 'Bob' });
    const other = await signIn(t.app, bob.email, STRONG_PASSWORD);
    const otherToken = (other.json() as { token: string }).token;
    const change = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bob.headers,
        payload: { revokeOtherSessions: true, ...payload },
      });

    expect((await change({ currentPassword: STRONG_PASSWORD, newPassword: 'weak' })).statusCode).toBe(400);
    const wrong = await change({ currentPassword: 'Wr0ng!pass', newPassword: 'N3w!Passw' });
    expect(wrong.statusCode).toBe(400);
    // The field refused is named, as our own 400s do, so the form shows it there.
    expect(wrong.json()).toEqual({
      message: 'Invalid password',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'currentPassword', message: 'Invalid password' }],
    });
    const ok = await change({ currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Passw' });
    expect(ok.statusCode).toBe(200);

    expect((await signIn(t.app, bob.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, bob.email, 'N3w!Passw')).statusCode).toBe(200);
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { authorization: `Bearer ${otherToken}` } });
    expect(session.json()).toBeNull();
  });

  it('ends the other sessions on a password change even when the caller does not ask for it', async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    const other = await signIn(t.app, carol.email, STRONG_PASSWORD);
    const otherHeaders = { authorization: `Bearer ${(other.json() as { token: string }).token}` };
    const unread = (headers: { authorization: string }) => t.app.inject({ url: '/api/notifications/unread-count', headers });
    expect((await unread(otherHeaders)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: carol.headers,
      payload: { currentPassword: STRONG_PASSWORD, newPassword: 'N3w!Passw' },
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json() as { token: string | null };

    expect((await unread(otherHeaders)).statusCode).toBe(401);
    // The session that changed it goes on with its new token.
    expect(token).toEqual(expect.any(String));
    expect((await unread({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});
