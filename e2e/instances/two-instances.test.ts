// Two instances of the built server on one PostgreSQL database and one Redis, as behind a load
// balancer: what one instance does, the other sees at once, and either keeps serving alone.
// Run by `npm run test:instances` (after `npm run build`); CI runs it.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, type EventStreamClient } from '../../src/server/test/event-stream.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PG_BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

interface Instance {
  name: string;
  base: string;
  process: ChildProcess;
  log: string[];
}

describe('two instances on one PostgreSQL and one Redis', () => {
  const dbName = `cc_instances_${Date.now().toString(36)}`;
  const databaseUrl = Object.assign(new URL(PG_BASE), { pathname: `/${dbName}` }).toString();
  const publicUrl = 'http://forum.test';
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: publicUrl,
    RATE_LIMIT: 'on',
    LOG_LEVEL: 'warn',
  };
  let a: Instance;
  let b: Instance;

  async function start(name: string): Promise<Instance> {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const log: string[] = [];
    child.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 200; i += 1) {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${log.join('')}`);
      const ready = await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) return { name, base, process: child, log };
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`${name} did not become ready: ${log.join('')}`);
  }

  /** A call as a browser behind the balancer makes it: the public origin, the session. */
  const call = (to: Instance, url: string, init: { method?: string; token?: string; cookie?: string; body?: unknown } = {}) =>
    fetch(`${to.base}${url}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: publicUrl,
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });

  async function signUp(to: Instance, name: string) {
    const email = `${name.toLowerCase()}-${Date.now()}@example.test`;
    const res = await call(to, '/api/auth/sign-up/email', { method: 'POST', body: { name, email, password: 'Passw0rd!' } });
    expect(res.status, await res.clone().text()).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { email, token: ((await res.json()) as { token: string }).token, cookie };
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    // Both start at once, as a deployment would: migrations must not trip over each other.
    [a, b] = await Promise.all([start('A'), start('B')]);
  }, 60_000);

  afterAll(async () => {
    for (const instance of [a, b]) {
      if (instance && instance.process.exitCode === null && instance.process.signalCode === null) {
        instance.process.kill('SIGTERM');
        await new Promise((r) => instance.process.once('exit', r));
      }
    }
    const admin = new pg.Client({ connectionString: PG_BASE });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  let member: { email: string; token: string; cookie: string };
  let postId: string;

  it('takes a session made on A on B, and shows a write on A at once in B’s kept lists', async () => {
    member = await signUp(a, 'Member');
    expect((await call(b, `/api/users/${member.email}`, { token: member.token })).status).toBe(200);

    const owner = await signUp(a, 'Owner');
    const promoted = spawnSync(process.execPath, [path.join(root, 'dist/server/admin.js'), 'promote', owner.email], {
      env,
      encoding: 'utf8',
    });
    expect(promoted.status, promoted.stderr).toBe(0);
    expect((await call(a, '/api/tag-data', { method: 'POST', token: owner.token, body: { tag: 'go' } })).status).toBe(200);

    const before = (await (await call(b, '/api/pagination')).json()) as unknown[];
    const created = await call(a, '/api/post-data', {
      method: 'POST',
      token: member.token,
      body: { title: 'Seen everywhere', description: 'x', category: 'go' },
    });
    expect(created.status).toBe(200);
    postId = ((await created.json()) as { insertedId: string }).insertedId;
    const after = (await (await call(b, '/api/pagination')).json()) as Array<{ _id: string }>;
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]?._id).toBe(postId);
  });

  it('serves from B an image uploaded to A', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const uploaded = await fetch(`${a.base}/api/uploads/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const url = ((await uploaded.json()) as { data: { display_url: string } }).data.display_url;
    const served = await call(b, url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('ends on B a session signed out on A, and the member’s open event stream there with it', async () => {
    const leaving = await signUp(b, 'Leaving');
    expect((await call(b, `/api/users/${leaving.email}`, { cookie: leaving.cookie })).status).toBe(200);
    const stream = await openEventStream(b.base, '/api/events', { cookie: leaving.cookie });
    try {
      expect(stream.status).toBe(200);
      expect((await call(a, '/api/auth/sign-out', { method: 'POST', cookie: leaving.cookie, body: {} })).status).toBe(200);
      expect((await call(b, `/api/users/${leaving.email}`, { cookie: leaving.cookie })).status).toBe(401);
      // The stream B opened with that session hears of the sign-out on A and ends.
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it('counts one member’s writes to either instance against one budget', async () => {
    const writer = await signUp(b, 'Writer');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await call(i % 2 ? a : b, '/api/comment-data', {
        method: 'POST',
        token: writer.token,
        body: { postId, comment: `c${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
  });

  it('counts one address’s sign-in attempts on either instance against one budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await call(i % 2 ? a : b, '/api/auth/sign-in/email', {
        method: 'POST',
        body: { email: member.email, password: 'Wrong0ne!' },
      });
      statuses.push(res.status);
    }
    // Better Auth's limit on /sign-in/email (create-auth.ts): 10 a minute per address.
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });

  it('delivers an event written on A to B’s streams, and replays on B what a client missed after leaving A', async () => {
    // The member of the first test (one post so far, of the five a Bronze member may write): a
    // sign-up more would pass the address's sign-up budget the last test needs.
    const writer = member;
    const publish = async (title: string) => {
      const res = await call(a, '/api/post-data', {
        method: 'POST',
        token: writer.token,
        body: { title, description: 'x', category: 'go' },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { insertedId: string }).insertedId;
    };
    const isPost = (id: string) => (e: { data: string }) => (JSON.parse(e.data) as { _id?: string })._id === id;
    const streams: EventStreamClient[] = [];
    try {
      const onB = await openEventStream(b.base);
      streams.push(onB);
      const first = await publish('Written on A');
      expect((await onB.take(isPost(first))).event).toBe('post');

      // A client on A sees one event, loses A, and comes back through B with its last id.
      const onA = await openEventStream(a.base);
      streams.push(onA);
      const seen = await onA.take(isPost(await publish('Seen on A')));
      onA.close();
      const missed = await publish('Missed while away');
      const back = await openEventStream(b.base, '/api/events', { 'last-event-id': seen.id });
      streams.push(back);
      const replayed = await back.take(isPost(missed));
      expect(back.events[0]).toEqual(replayed);
      expect(replayed.id).toBe((await onB.take(isPost(missed))).id);
    } finally {
      streams.forEach((s) => s.close());
    }
  });

  it('keeps serving on B, without errors, when A is killed', async () => {
    a.process.kill('SIGKILL');
    await new Promise((r) => a.process.once('exit', r));
    expect((await call(b, '/api/pagination')).status).toBe(200);
    expect((await call(b, `/api/post-data/${postId}`)).status).toBe(200);
    const late = await signUp(b, 'Late');
    expect(
      (await call(b, '/api/post-data', { method: 'POST', token: late.token, body: { title: 'After A', description: 'x', category: 'go' } }))
        .status,
    ).toBe(200);
    expect(b.process.exitCode).toBeNull();
    expect(b.log.join('')).not.toMatch(/"level":50|"level":60/);
  });
});
