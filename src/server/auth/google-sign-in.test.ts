import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX } from '#shared/constants.ts';
import { displayNameSchema } from '#shared/schemas/user.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createAdmin } from '../test/factories.ts';

/**
 * The whole Google sign-in against a local OpenID Connect provider standing in for Google at
 * its HTTP boundary: no request leaves the machine.
 */

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(setCookie: string[] | string | undefined) {
    for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** Google profiles of the provider's logins other than the usual "Goo Gler". */
const PROFILES: Record<string, { name: string; picture: string }> = {
  // A Google name is longer than the 80 characters a name of ours may have.
  long: { name: `Grace ${'Brewster Murray '.repeat(12)}Hopper`, picture: 'https://example.test/p.png' },
  // Nothing to see but a zero-width space and a direction mark, and a photo address no page may show.
  blank: { name: '\u200b \u200f', picture: 'javascript:alert(1)' },
};

async function startOidc(redirectUri: string) {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'test-client',
        client_secret: 'test-secret',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          const { name, picture } = PROFILES[sub] ?? { name: 'Goo Gler', picture: 'https://example.test/p.png' };
          return { sub, email: `${sub}@gmail.test`, email_verified: true, name, picture };
        },
      };
    },
  });
  provider.on('server_error', (_ctx: unknown, err: Error) => process.stdout.write(`OIDC ERROR ${err.stack}\n`));
  server.on('request', provider.callback());
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Follows the provider's own login and consent pages until it redirects back to us. */
async function signInAtProvider(startUrl: string, login: string, redirectUri: string): Promise<string> {
  const jar = new CookieJar();
  let url = startUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(redirectUri)) return url;
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.store(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      url = new URL(res.headers.get('location')!, url).toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`No form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).toString();
    method = 'POST';
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'anything' }).toString()
      : new URLSearchParams({ prompt: 'consent' }).toString();
  }
  throw new Error('Too many hops at the provider');
}

describe('Google sign-in against a local OpenID Connect provider', () => {
  let t: TestApp;
  let oidc: Awaited<ReturnType<typeof startOidc>>;
  const redirectUri = 'http://localhost:3000/api/auth/callback/google';

  beforeAll(async () => {
    oidc = await startOidc(redirectUri);
    t = await buildTestApp({ GOOGLE_CLIENT_ID: 'test-client', GOOGLE_CLIENT_SECRET: 'test-secret', GOOGLE_ISSUER: oidc.issuer });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  /** Google sign-in from start to callback for the provider's login `login`: the callback's answer. */
  async function googleSignIn(login: string) {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'http://localhost:3000' },
      payload: { provider: 'google', callbackURL: '/' },
    });
    const cookie = (start.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const back = new URL(await signInAtProvider(start.json().url, login, redirectUri));
    return t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie } });
  }

  it('creates the member and a session from the provider’s answer', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: 'http://localhost:3000' },
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(oidc.issuer)).toBe(true);
    const stateCookies = (start.headers['set-cookie'] as string[] | string | undefined) ?? [];
    const cookie = (Array.isArray(stateCookies) ? stateCookies : [stateCookies]).map((c) => c.split(';')[0]).join('; ');

    const back = new URL(await signInAtProvider(url, 'goo', redirectUri));
    expect(back.searchParams.get('code')).toBeTruthy();

    const callback = await t.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(callback.statusCode).toBe(302);
    const sessionCookie = (callback.headers['set-cookie'] as string[]).map((c) => c.split(';')[0]).join('; ');
    const session = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: sessionCookie } });
    expect(session.json()).toMatchObject({ user: { email: 'goo@gmail.test', name: 'Goo Gler', role: 'Client', membership: 'Bronze' } });
  });

  it('keeps a Google name to the rule of ours (at most 80 characters, something to see) and a photo only if a page may show it', async () => {
    const stored = async (login: string) => {
      expect((await googleSignIn(login)).statusCode).toBe(302);
      return t.db.selectFrom('users').select(['name', 'image']).where('email', '=', `${login}@gmail.test`).executeTakeFirstOrThrow();
    };
    const long = await stored('long');
    expect(long.name.length).toBeLessThanOrEqual(NAME_MAX);
    expect(PROFILES.long!.name.startsWith(long.name)).toBe(true);
    expect(displayNameSchema.safeParse(long.name).success).toBe(true);
    expect(long.image).toBe('https://example.test/p.png');

    const blank = await stored('blank');
    expect(displayNameSchema.safeParse(blank.name).success).toBe(true);
    expect(blank.image).toBeNull();
  });

  it('refuses a banned email at the callback', async () => {
    await t.db
      .insertInto('banned_emails')
      .values({ email: 'bad@gmail.test', banned_at: new Date().toISOString(), banned_by: null })
      .execute();
    const callback = await googleSignIn('bad');
    const setCookie = ([] as string[]).concat(callback.headers['set-cookie'] ?? []);
    expect(setCookie.some((c) => c.startsWith('better-auth.session_token=') && !c.includes('Max-Age=0'))).toBe(false);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'bad@gmail.test').execute()).toEqual([]);
  });

  it('refuses a member who joined with Google and was banned, and does not link their Google account again', async () => {
    const first = await googleSignIn('gone');
    expect(first.statusCode).toBe(302);
    const member = await t.db.selectFrom('users').select('id').where('email', '=', 'gone@gmail.test').executeTakeFirstOrThrow();
    const admin = await createAdmin(t, 'Admin');
    const ban = await t.app.inject({ method: 'DELETE', url: '/api/user-delete/gone@gmail.test', headers: admin.headers });
    expect(ban.json()).toEqual({ deletedCount: 1 });
    const signInMethods = () => t.db.selectFrom('accounts').select('provider_id').where('user_id', '=', member.id).execute();
    expect(await signInMethods()).toEqual([]);

    const again = await googleSignIn('gone');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'BANNED' });
    const setCookie = ([] as string[]).concat(again.headers['set-cookie'] ?? []);
    expect(setCookie.some((c) => c.startsWith('better-auth.session_token=') && !c.includes('Max-Age=0'))).toBe(false);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', member.id).execute()).toEqual([]);
    // The ban removed the member's ways in; a refused sign-in does not bring one back.
    expect(await signInMethods()).toEqual([]);
  });
});
