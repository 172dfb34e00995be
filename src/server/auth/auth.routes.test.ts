import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD_TOAST_MESSAGE } from '#shared/schemas/user.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { STRONG_PASSWORD, signIn, signUp } from '../test/sign-in.ts';
import { SIGN_IN_ATTEMPTS_PER_EMAIL } from './sign-in-limit.ts';

describe('identity (Better Auth under /api/auth)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const userCount = async () =>
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('signs up, returning a token that works as a bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Grace', email: 'Grace@Example.test', password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { token: string; user: { email: string; role: string; membership: string } };
    expect(body.user).toMatchObject({ email: 'grace@example.test', role: 'Client', membership: 'Bronze' });
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { authorization: `Bearer ${body.token}` } });
    expect(session.json()).toMatchObject({ user: { email: 'grace@example.test' } });
  });

  it.each(['short1!A'.slice(0, 5), 'alllowercase1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial12', 'Has space1!', 'Other_char1'])(
    'refuses the password %j with the rule of SPEC.md §5 and creates nobody',
    async (password) => {
      const before = await userCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name: 'Weak', email: `weak-${Math.random()}@example.test`, password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: PASSWORD_TOAST_MESSAGE, code: 'VALIDATION_FAILED' });
      expect(await userCount()).toBe(before);
    },
  );

  it('refuses an empty, invisible or oversized name', async () => {
    for (const name of ['', ' ', '\u200b\u200b', '\u3164', 'x'.repeat(81)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { name, email: `n-${Math.random()}@example.test`, password: STRONG_PASSWORD },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses an email longer than 254 characters with 400 and a sentence saying so, and creates nobody', async () => {
    const before = await userCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Long', email: `${'a'.repeat(250)}@example.test`, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Email must be at most 254 characters', code: 'VALIDATION_FAILED' });
    expect(await userCount()).toBe(before);
  });

  it('stores a name without direction controls or line breaks, at sign-up and when changed', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: ' Eve\u202Egnp.exe ', email: `bidi-${Math.random()}@example.test`, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json() as { token: string; user: { id: string } };
    const stored = async () => (await t.db.selectFrom('users').select('name').where('id', '=', user.id).executeTakeFirstOrThrow()).name;
    expect(await stored()).toBe('Evegnp.exe');
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Mallory\u2066 x' },
    });
    expect(update.statusCode).toBe(200);
    expect(await stored()).toBe('Mallory x');
    // Nor line breaks: a name is one line, in a list as in a mail.
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Mallory\r\n\r\nRead it here: https://x.test' },
    });
    expect(broken.statusCode).toBe(200);
    expect(await stored()).toBe('Mallory Read it here: https://x.test');
  });

  it('refuses a duplicate email with a 4xx and a message', async () => {
    const m = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Again', email: m.email, password: STRONG_PASSWORD },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  });

  it('signs in with the right password and refuses a wrong one without saying which part was wrong', async () => {
    const m = await signUp(t.app);
    const ok = await signIn(t.app, m.email, m.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String) });
    const wrongPassword = await signIn(t.app, m.email, 'Wrong0ne!');
    const wrongEmail = await signIn(t.app, 'nobody@example.test', 'Wrong0ne!');
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(wrongEmail.json().message).toBe(wrongPassword.json().message);
  });

  it('signs out: the session stops working at once', async () => {
    const m = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: m.headers, payload: {} });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/users/${m.email}`, headers: m.headers });
    expect(after.statusCode).toBe(401);
  });

  it('refuses sign-in and sign-up for a banned email', async () => {
    const m = await signUp(t.app);
    await t.db.insertInto('banned_emails').values({ email: m.email, banned_at: new Date().toISOString(), banned_by: null }).execute();
    const res = await signIn(t.app, m.email, m.password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'BANNED', message: expect.stringMatching(/banned/i) });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Back', email: m.email.toUpperCase(), password: STRONG_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
  });

  it('answers malformed JSON on an auth call with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('answers a deeply nested JSON body on an auth call with 400 in the error shape, and creates nobody', async () => {
    const before = await userCount();
    for (const payload of ['{"a":'.repeat(5000) + '1' + '}'.repeat(5000), '['.repeat(5000) + ']'.repeat(5000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'The request is nested too deeply.', code: 'VALIDATION_FAILED' });
    }
    expect(await userCount()).toBe(before);
  });
});

describe('rate limits on the auth endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT: 'on' });
  });
  afterAll(() => t.close());

  it('answers 429 RATE_LIMITED after too many sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await signIn(t.app, 'x@example.test', 'Wrong0ne!')).statusCode);
    expect(statuses).toContain(429);
    const last = await signIn(t.app, 'x@example.test', 'Wrong0ne!');
    expect(last.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it(`refuses sign-in to one email after ${SIGN_IN_ATTEMPTS_PER_EMAIL.max} attempts, however many addresses they come from`, async () => {
    const victim = await signUp(t.app, { email: 'guessed@example.test' });
    // One guess from each address (an IPv6 /64 is one address): no address reaches its own limit.
    const attempt = (email: string, password: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: `2001:db8:${(i + 1).toString(16)}::1`,
        payload: { email, password },
      });
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_ATTEMPTS_PER_EMAIL.max; i += 1) statuses.push((await attempt(victim.email, `Wrong${i}ne!`, i)).statusCode);
    expect(statuses).toEqual(Array(SIGN_IN_ATTEMPTS_PER_EMAIL.max).fill(401));
    // Past the budget even the right password from a new address is refused, with when to try again.
    const refused = await attempt(victim.email, victim.password, 100);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The budget is the email's: another email from those addresses is answered as usual.
    expect((await attempt('someone-else@example.test', 'Wrong0ne!', 0)).statusCode).toBe(401);
    // An email nobody has is counted alike, so a 429 says nothing of whether it is registered.
    const unknown: number[] = [];
    for (let i = 0; i <= SIGN_IN_ATTEMPTS_PER_EMAIL.max; i += 1)
      unknown.push((await attempt('nobody@example.test', 'Wrong0ne!', i)).statusCode);
    expect(unknown.at(-1)).toBe(429);
  });
});

describe('the client address behind a reverse proxy (TRUST_PROXY=loopback)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test's requests come from 127.0.0.1: the proxy.
    t = await buildTestApp({ RATE_LIMIT: 'on', TRUST_PROXY: 'loopback' });
  });
  afterAll(() => t.close());

  it('counts sign-in attempts by the address the proxy saw, whatever the client wrote before it in X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        // The proxy appends the address it was reached from; what comes before is the client's.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.8.${i}, 203.0.113.7` },
        payload: { email: 'x@example.test', password: 'Wrong0ne!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another client behind the same proxy has its own count (another email: that one's is spent).
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.8' },
      payload: { email: 'y@example.test', password: 'Wrong0ne!' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('takes the address of a client that is not a proxy from its connection, whatever X-Forwarded-For it sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '198.51.100.9',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.7.${i}` },
        payload: { email: 'z@example.test', password: 'Wrong0ne!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('what the identity calls write to the log', () => {
  const lines: Array<{ level: number; msg: string; err?: { message?: string } }> = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  });
  afterAll(() => t.close());

  it('refuses an address to go to with a line break in it (400), logs a refusal never as an error and a failure of its own as one, and nothing around the JSON log', async () => {
    const member = await signUp(t.app, { name: 'Logged' });
    const printed = vi.spyOn(process.stdout, 'write');
    const printedToStderr = vi.spyOn(process.stderr, 'write');
    try {
      expect((await signIn(t.app, member.email, 'Wrong0ne!')).statusCode).toBe(401);
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: member.email, password: member.password, callbackURL: 'https://evil.example/\n[Better Auth]: ERROR forged line' },
      });
      // Refused in the error shape: sent back in a header, it failed the answer (500).
      expect(forged.statusCode).toBe(400);
      expect(forged.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'callbackURL must be an address on one line.' });
      // A refusal is at most a warning (a wrong password is worth one), never an error.
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);

      // The accounts table gone: signing in fails on the server's side, and says so in the log.
      await sql`alter table accounts rename to accounts_gone`.execute(t.db);
      try {
        const failed = await signIn(t.app, member.email, member.password);
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toMatchObject({ code: 'INTERNAL' });
      } finally {
        await sql`alter table accounts_gone rename to accounts`.execute(t.db);
      }
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors.some((l) => l.err?.message?.includes('accounts'))).toBe(true);
      // Nothing of it went around the log, as plain text.
      const plain = [...printed.mock.calls, ...printedToStderr.mock.calls]
        .map(([chunk]) => String(chunk))
        .filter((s) => s.includes('Better Auth'));
      expect(plain).toEqual([]);
    } finally {
      printed.mockRestore();
      printedToStderr.mockRestore();
    }
  });
});
