import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { testRedisUrl } from '../test/redis.ts';
import { createAdmin } from '../test/factories.ts';
import { signIn, signUp, STRONG_PASSWORD, type TestMember } from '../test/sign-in.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../test/smtp-sink.ts';
import { RESET_MAILS_PER_EMAIL, RESET_REQUESTED, RESET_REQUESTS_PER_ADDRESS } from './password-reset.ts';

// "Forgot password?" end to end: the request, the mail through a real SMTP conversation, the
// link's token, the new password, and everything that must not happen on the way.

const FROM = 'Code Commons <forum@example.test>';
const RESET_PAGE = 'http://localhost:3000/auth/reset-password';

const requestReset = (t: TestApp, email: string, remoteAddress = '127.0.0.1', redirectTo = RESET_PAGE) =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', remoteAddress, payload: { email, redirectTo } });

/** Where the reset page's check of a token (which does not spend it) sends the browser. */
async function checkLink(t: TestApp, token: string): Promise<string | undefined> {
  const res = await t.app.inject({ url: `/api/auth/reset-password/${token}?callbackURL=%2Fauth%2Freset-password` });
  expect(res.statusCode).toBe(302);
  return res.headers.location;
}

const resetPassword = (t: TestApp, token: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });

/** The token of the reset link in a mail (the text part), checking the HTML part holds the same link. */
function tokenOf(mail: ReceivedMail): string {
  const link = new RegExp(`${RESET_PAGE}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(link, mail.text).not.toBeNull();
  expect(mail.html).toContain(`href="${link![0]}"`);
  return link![1]!;
}

/**
 * The mails that arrive once every mail queued so far is through: a reset for `barrier` is
 * asked for last, and whatever was queued before it has arrived by the time it does.
 */
async function mailsAfter(t: TestApp, sink: SmtpSink, barrier: TestMember, from: number, remoteAddress?: string): Promise<ReceivedMail[]> {
  expect((await requestReset(t, barrier.email, remoteAddress)).statusCode).toBe(200);
  for (;;) {
    const mails = sink.mails.slice(from);
    if (mails.some((m) => m.to.includes(barrier.email))) return mails.filter((m) => !m.to.includes(barrier.email));
    await sink.waitFor(sink.mails.length + 1);
  }
}

describe('password reset by mail', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let barrier: TestMember;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: FROM });
    barrier = await signUp(t.app, { name: 'Barrier' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** Asks for `count` reset links for `email` and returns their tokens, each a different one. */
  async function mailedLinks(email: string, count: number): Promise<string[]> {
    const before = sink.mails.length;
    for (let i = 0; i < count; i++) expect((await requestReset(t, email)).statusCode).toBe(200);
    const tokens = (await sink.waitFor(before + count))
      .slice(before)
      .filter((m) => m.to.includes(email))
      .map(tokenOf);
    expect(new Set(tokens).size).toBe(count);
    return tokens;
  }

  it('mails a link that sets a new password once, ends every session and lets the new password sign in', async () => {
    const alice = await signUp(t.app, { name: 'Alice <Liddell>' });
    const otherSession = (await signIn(t.app, alice.email, STRONG_PASSWORD)).json() as { token: string };
    const before = sink.mails.length;

    const asked = await requestReset(t, alice.email.toUpperCase());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual(RESET_REQUESTED);

    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    expect(mail!.to).toEqual([alice.email]);
    expect(mail!.headers.from).toBe(FROM);
    expect(mail!.subject).toBe('Reset your Code Commons password');
    // Sent by the forum itself: out-of-office responders leave it unanswered (RFC 3834).
    expect(mail!.headers['auto-submitted']).toBe('auto-generated');
    expect(mail!.headers['x-auto-response-suppress']).toBe('All');
    expect(mail!.text).toContain('Hello Alice <Liddell>,');
    expect(mail!.html).toContain('Hello Alice &lt;Liddell&gt;,');
    expect(mail!.html).not.toContain('<Liddell>');
    const token = tokenOf(mail!);

    // The page checks the link when it opens; checking does not spend it.
    expect(await checkLink(t, token)).toBe(`${RESET_PAGE}?token=${token}`);
    expect(await checkLink(t, token)).toBe(`${RESET_PAGE}?token=${token}`);
    expect(await checkLink(t, 'no-such-token')).toBe(`${RESET_PAGE}?error=INVALID_TOKEN`);

    const reset = await resetPassword(t, token, 'N3w!Passw');
    expect(reset.statusCode).toBe(200);

    // Every session ended: the one that asked and the other one.
    for (const token of [alice.token, otherSession.token]) {
      const res = await t.app.inject({ url: `/api/users/${alice.email}`, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
    expect((await signIn(t.app, alice.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(t.app, alice.email, 'N3w!Passw')).statusCode).toBe(200);

    expect(await checkLink(t, token)).toBe(`${RESET_PAGE}?error=INVALID_TOKEN`);
    const again = await resetPassword(t, token, 'An0ther!pass');
    expect(again.statusCode).toBe(400);
    expect((await signIn(t.app, alice.email, 'N3w!Passw')).statusCode).toBe(200);
  });

  it('spends every other link of the member once one of them has set the password', async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    const tokens = await mailedLinks(carol.email, 3);

    expect((await resetPassword(t, tokens[2]!, 'N3w!Passw')).statusCode).toBe(200);
    for (const older of tokens.slice(0, 2)) {
      const res = await resetPassword(t, older, 'Th3ir!pass');
      expect(res.statusCode).toBe(400);
    }
    expect((await signIn(t.app, carol.email, 'N3w!Passw')).statusCode).toBe(200);
  });

  it('spends the links in the mail once the member chooses a new password on My Profile, and not before', async () => {
    const dave = await signUp(t.app, { name: 'Dave' });
    const tokens = await mailedLinks(dave.email, 2);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: dave.headers,
        payload: { currentPassword, newPassword: 'N3w!Passw', revokeOtherSessions: true },
      });

    // A refused change leaves the links as they were.
    expect((await change('Wr0ng!pass')).statusCode).toBe(400);
    for (const token of tokens) expect(await checkLink(t, token)).toBe(`${RESET_PAGE}?token=${token}`);

    expect((await change(STRONG_PASSWORD)).statusCode).toBe(200);
    for (const token of tokens) {
      expect(await checkLink(t, token)).toBe(`${RESET_PAGE}?error=INVALID_TOKEN`);
      expect((await resetPassword(t, token, 'Th3ir!pass')).statusCode).toBe(400);
    }
    expect((await signIn(t.app, dave.email, 'Th3ir!pass')).statusCode).toBe(401);
    expect((await signIn(t.app, dave.email, 'N3w!Passw')).statusCode).toBe(200);
  });

  it('answers an unknown email exactly as a known one, and sends nothing', async () => {
    const before = sink.mails.length;
    const res = await requestReset(t, 'nobody-here@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RESET_REQUESTED);
    expect(await mailsAfter(t, sink, barrier, before)).toEqual([]);
  });

  it('sends a banned email nothing, with the same answer, and refuses a link asked for before the ban', async () => {
    const admin = await createAdmin(t, 'Admin');
    const mallory = await signUp(t.app, { name: 'Mallory' });
    let before = sink.mails.length;
    expect((await requestReset(t, mallory.email)).statusCode).toBe(200);
    const token = tokenOf((await sink.waitFor(before + 1))[before]!);

    const ban = await t.app.inject({ method: 'DELETE', url: `/api/user-delete/${mallory.email}`, headers: admin.headers });
    expect(ban.statusCode).toBe(200);

    before = sink.mails.length;
    const res = await requestReset(t, mallory.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(RESET_REQUESTED);
    expect(await mailsAfter(t, sink, barrier, before)).toEqual([]);

    const reset = await resetPassword(t, token, 'N3w!Passw');
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ code: 'BANNED' });
    // Better Auth also takes the token from the query: the same refusal there.
    const byQuery = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${token}`,
      payload: { newPassword: 'N3w!Passw' },
    });
    expect(byQuery.statusCode).toBe(403);
    expect(byQuery.json()).toMatchObject({ code: 'BANNED' });
    const accounts = await t.db.selectFrom('accounts').select('id').where('user_id', '=', mallory.id).execute();
    expect(accounts).toEqual([]);
  });

  it('refuses a link after its hour', async () => {
    const bob = await signUp(t.app, { name: 'Bob' });
    const before = sink.mails.length;
    await requestReset(t, bob.email);
    const token = tokenOf((await sink.waitFor(before + 1))[before]!);
    const row = await t.db
      .selectFrom('verifications')
      .select(['expires_at', 'created_at'])
      .where('identifier', '=', `reset-password:${token}`)
      .executeTakeFirstOrThrow();
    // Made to last one hour.
    const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
    expect(Math.round(lifetime / 60_000)).toBe(60);

    await t.db
      .updateTable('verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('identifier', '=', `reset-password:${token}`)
      .execute();
    const reset = await resetPassword(t, token, 'N3w!Passw');
    expect(reset.statusCode).toBe(400);
    expect((await signIn(t.app, bob.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a new password that breaks SPEC.md's rule, changing nothing and keeping the link", async () => {
    const carol = await signUp(t.app, { name: 'Carol' });
    const before = sink.mails.length;
    await requestReset(t, carol.email);
    const token = tokenOf((await sink.waitFor(before + 1))[before]!);

    for (const weak of ['short', 'alllowercase1!', 'NoDigits!!', 'N0special', 'Sp ace1!A', '']) {
      const res = await resetPassword(t, token, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(res.json()).toMatchObject({ message: PASSWORD_TOAST_MESSAGE, code: 'VALIDATION_FAILED' });
    }
    expect((await signIn(t.app, carol.email, STRONG_PASSWORD)).statusCode).toBe(200);
    expect((await resetPassword(t, token, 'G00d!pass')).statusCode).toBe(200);
  });

  it('refuses a redirectTo off the forum, and mails nothing for it; a path on it is fine', async () => {
    const dave = await signUp(t.app, { name: 'Dave' });
    const before = sink.mails.length;
    for (const elsewhere of ['https://evil.example/steal', '//evil.example/x', 'http://localhost:3001/auth/reset-password']) {
      const res = await requestReset(t, dave.email, '127.0.0.1', elsewhere);
      expect(res.statusCode, elsewhere).toBe(403);
    }
    expect(await mailsAfter(t, sink, barrier, before)).toEqual([]);

    const onForum = await requestReset(t, dave.email, '127.0.0.1', '/auth/reset-password');
    expect(onForum.statusCode).toBe(200);
    const mail = (await sink.waitFor(sink.mails.length + 1)).at(-1)!;
    expect(mail.to).toEqual([dave.email]);
    tokenOf(mail);
  });
});

const limitStores: Array<[string, Record<string, string>]> = [
  ['in memory', {}],
  ...(testRedisUrl ? [['in Redis', { REDIS_URL: testRedisUrl }] as [string, Record<string, string>]] : []),
];

describe.each(limitStores)('password reset limits, counted %s', (_store, env) => {
  let sink: SmtpSink;
  let t: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await buildTestApp({ SMTP_URL: sink.url, MAIL_FROM: FROM, RATE_LIMIT: 'on', ...env });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it(`mails one email at most ${RESET_MAILS_PER_EMAIL.max} links an hour, answering the same after that`, async () => {
    const erin = await signUp(t.app, { name: 'Erin' });
    const barrier = await signUp(t.app, { name: 'Barrier' });
    for (let i = 0; i < RESET_MAILS_PER_EMAIL.max; i += 1) {
      expect((await requestReset(t, erin.email, `10.0.1.${i}`)).statusCode).toBe(200);
    }
    await sink.waitFor(RESET_MAILS_PER_EMAIL.max);
    const before = sink.mails.length;
    const over = await requestReset(t, erin.email, '10.0.2.1');
    expect(over.statusCode).toBe(200);
    expect(over.json()).toEqual(RESET_REQUESTED);
    expect(await mailsAfter(t, sink, barrier, before, '10.0.2.2')).toEqual([]);
    expect(sink.mails.filter((m) => m.to.includes(erin.email))).toHaveLength(RESET_MAILS_PER_EMAIL.max);
  });

  it(`takes at most ${RESET_REQUESTS_PER_ADDRESS.max} requests from one address`, async () => {
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS.max; i += 1) {
      expect((await requestReset(t, `someone-${i}@example.test`, '10.0.3.1')).statusCode).toBe(200);
    }
    const res = await requestReset(t, 'someone-else@example.test', '10.0.3.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestReset(t, 'someone-else@example.test', '10.0.3.2')).statusCode).toBe(200);
  });
});
