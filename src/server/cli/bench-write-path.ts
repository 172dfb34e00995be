// `npm run bench:write-path`: a write's cost on SQLite without HTTP, statement by statement.
//
// `npm run bench` measures a comment through the whole server, where the request's own work
// (parsing, the session, the answer), the batches the requests happen to form and the load
// generator on the same cores all move the figure. This runs the server's write path alone, on a
// fresh SQLite forum seeded as the bench seeds it (and with the server's settings: checkpoints
// from their worker, temporary tables in memory; the write path of the tools, whose reactions are
// the server's but the read cache, the live events and the mail), with closed-loop writers in one process: each waits for its write
// before the next, as the bench's connections do. It prints writes per second, latency, the
// process's CPU per write, the batches that formed and the bytes written, and the time spent in
// each SQL statement per write (better-sqlite3's statements timed where they run).
//
//   npm run bench:write-path                               comments, 20 writers, 10 s
//   npm run bench:write-path -- --kind vote --writers 10
//   npm run bench:write-path -- --posts 100000 --members 2000
//   npm run bench:write-path -- --pages                   then the log's pages a batch writes, by tree
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDb, keepTempTablesInMemory } from '../db/create-db.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { DEFAULT_SEED, seedForum } from '../db/seed.ts';
import { loadSqliteDriver } from '../db/sqlite-driver.ts';
import { addComment } from '../features/comments/comments.service.ts';
import { castVote } from '../features/votes/votes.service.ts';
import { toMembership, toRole } from '#shared/constants.ts';
import type { SessionViewer } from '../plugins/auth.ts';
import { standaloneWritePath } from '../write-path/reactions.ts';
import { MAX_BATCH } from '../write-path/write-path.ts';

const help = `Usage: npm run bench:write-path -- [--kind comment|vote] [--writers N] [--duration s] [--warmup s]
                                  [--posts N] [--members N] [--statements N] [--pages]
--writers N   closed-loop writers (default 20, the bench's connections; at most ${MAX_BATCH}, one batch's writes)
--statements  how many statements to list, most expensive first (default 20)
--pages       then count the pages a batch of writes puts in the log, by table and index`;

const { values: args } = parseArgs({
  options: {
    kind: { type: 'string', default: 'comment' },
    writers: { type: 'string', default: '20' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    posts: { type: 'string', default: '1000' },
    members: { type: 'string', default: '200' },
    statements: { type: 'string', default: '20' },
    pages: { type: 'boolean' },
    help: { type: 'boolean' },
  },
});
if (args.help) {
  console.log(help);
  process.exit(0);
}
const whole = (name: keyof typeof args, min: number, max = Number.MAX_SAFE_INTEGER): number => {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}\n\n${help}`);
    process.exit(2);
  }
  return n;
};
const kind = args.kind;
if (kind !== 'comment' && kind !== 'vote') {
  console.error(`--kind is comment or vote\n\n${help}`);
  process.exit(2);
}
// More writers than a batch holds would never let the event loop turn: the writers answered by
// one batch queue their next writes while the rest still wait, so the queue never empties. The
// server's writers are requests, read between batches, and cannot do that.
const writers = whole('writers', 1, MAX_BATCH);
const durationSec = whole('duration', 1);
const warmupSec = whole('warmup', 0);
const posts = whole('posts', 1);
const members = whole('members', 2);
const listed = whole('statements', 0);

/** Time spent in each statement, by its SQL, from where better-sqlite3 runs it. */
const statements = new Map<string, { count: number; ms: number }>();
/** Each prepared statement's SQL on one line, made once rather than on every run. */
const keys = new WeakMap<object, string>();
{
  const Sqlite = loadSqliteDriver();
  const probe = new Sqlite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  probe.close();
  for (const method of ['run', 'get', 'all', 'iterate']) {
    const original = proto[method]!;
    proto[method] = function timed(this: { source: string }, ...a: unknown[]) {
      const start = performance.now();
      try {
        return original.apply(this, a);
      } finally {
        const ms = performance.now() - start;
        let key = keys.get(this);
        if (key === undefined) keys.set(this, (key = this.source.replace(/\s+/g, ' ').trim()));
        const entry = statements.get(key) ?? { count: 0, ms: 0 };
        entry.count += 1;
        entry.ms += ms;
        statements.set(key, entry);
      }
    };
  }
}

/** Bytes this process has written through write calls (the log, and the checkpoints' copies). */
const bytesWritten = () => Number(/^wchar: (\d+)$/m.exec(readFileSync('/proc/self/io', 'utf8'))?.[1] ?? Number.NaN);

/** A fresh forum seeded as the bench seeds it, and a write of the kind measured on it. */
async function seededForum(file: string, backgroundCheckpoints: boolean) {
  const database = createDb({ databaseUrl: null, sqlitePath: file, backgroundCheckpoints });
  await database.ready;
  await migrateToLatest(database.db);
  const writes = standaloneWritePath(database);
  await seedForum(writes, { ...DEFAULT_SEED, posts, members });
  await keepTempTablesInMemory(database.db);

  // The bench's writers: 100 members (fewer in a smaller forum) on random posts.
  const viewers: SessionViewer[] = (
    await database.db.selectFrom('users').select(['id', 'email', 'name', 'image', 'role', 'membership']).limit(100).execute()
  ).map((u) => ({ ...u, role: toRole(u.role), membership: toMembership(u.membership) }));
  const postIds = (await database.db.selectFrom('posts').select('id').execute()).map((p) => p.id);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
  let serial = 0;
  const write = (): Promise<unknown> =>
    kind === 'comment'
      ? addComment(writes, pick(viewers), { postId: pick(postIds), comment: `Measured comment number ${(serial += 1)}.` })
      : castVote(writes, pick(viewers), pick(postIds), Math.random() < 0.7 ? 'up' : 'down');
  return { database, write };
}

/**
 * The pages a batch of writes puts in the log, by the table or index they belong to: on a forum
 * of its own with no checkpoint running, the log is emptied, `BATCHES` batches of `writers` writes
 * run, and the log's frames are read back and matched to their trees (SQLite's dbstat). Every
 * page a COMMIT writes is synced then and copied again by a checkpoint, so this is where the
 * indexes' cost shows.
 */
async function logPagesByTree(file: string): Promise<void> {
  const BATCHES = 5;
  const { database, write } = await seededForum(file, false);
  try {
    const batches = () => statements.get('begin immediate')?.count ?? 0;
    for (let i = 0; i < 20; i++) await Promise.all(Array.from({ length: writers }, write));
    await sql`pragma wal_autocheckpoint = 0`.execute(database.db);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    const before = batches();
    for (let i = 0; i < BATCHES; i++) await Promise.all(Array.from({ length: writers }, write));
    const formed = batches() - before;
    const log = readFileSync(`${file}-wal`);
    // The log's header is 32 bytes; each frame a 24-byte header, whose first field is the page's number, and the page.
    const pageSize = log.readUInt32BE(8);
    const trees = new Map(
      (await sql<{ name: string; pageno: number }>`select name, pageno from dbstat`.execute(database.db)).rows.map((r) => [
        r.pageno,
        r.name,
      ]),
    );
    const frames = new Map<string, number>();
    let total = 0;
    for (let at = 32; at + 24 + pageSize <= log.length; at += 24 + pageSize) {
      const tree = trees.get(log.readUInt32BE(at)) ?? '(free or new)';
      frames.set(tree, (frames.get(tree) ?? 0) + 1);
      total += 1;
    }
    const writesRun = BATCHES * writers;
    console.log(
      `\nThe log's pages: ${BATCHES} batches of ${writers} ${kind}s (${formed} COMMITs), ${(total / formed).toFixed(1)} pages a COMMIT, ` +
        `${(total / writesRun).toFixed(1)} a write\n\n| pages a COMMIT | table or index |\n|--:|:--|`,
    );
    for (const [tree, n] of [...frames].sort((a, b) => b[1] - a[1])) console.log(`| ${(n / formed).toFixed(1)} | ${tree} |`);
  } finally {
    await database.close();
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'cc-bench-write-path-'));
process.stdout.write(`Seeding ${posts.toLocaleString('en-US')} posts, ${members} members… `);
const seedStart = performance.now();
const { database, write } = await seededForum(path.join(dir, 'forum.sqlite'), true).catch((error: unknown) => {
  rmSync(dir, { recursive: true, force: true });
  throw error;
});
console.log(`${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
try {
  const drive = async (seconds: number) => {
    const latencies: number[] = [];
    const deadline = performance.now() + seconds * 1000;
    const loop = async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        await write();
        latencies.push(performance.now() - start);
      }
    };
    await Promise.all(Array.from({ length: writers }, loop));
    return latencies;
  };

  console.log(`${writers} writers of ${kind}s, ${warmupSec} s warm-up + ${durationSec} s; Node ${process.version}.`);
  await drive(warmupSec);
  statements.clear();
  const cpuBefore = process.cpuUsage();
  const bytesBefore = bytesWritten();
  const start = performance.now();
  const latencies = await drive(durationSec);
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const n = latencies.length;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(n - 1, Math.floor(n * q))]!.toFixed(1);
  const batches = statements.get('begin immediate')?.count ?? 0;
  const statementMs = [...statements.values()].reduce((sum, s) => sum + s.ms, 0);
  console.log(
    [
      `${Math.round(n / seconds).toLocaleString('en-US')} ${kind}s a second, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`,
      `process CPU ${Math.round((cpu.user + cpu.system) / n)} µs a write (every thread: the checkpoints' too)`,
      `${batches.toLocaleString('en-US')} batches of ${(n / Math.max(1, batches)).toFixed(1)} writes on average`,
      `${((bytesWritten() - bytesBefore) / n / 1024).toFixed(1)} KiB written a write (the log, and the checkpoints' copies)`,
      `in SQL statements ${Math.round((1000 * statementMs) / n)} µs a write (the COMMIT's sync included); the rest is JavaScript`,
    ].join('\n'),
  );
  if (listed > 0) {
    console.log('\n|  µs a write |  runs a write |  µs a run | statement |\n|--:|--:|--:|:--|');
    for (const [sqlText, s] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, listed)) {
      const text = sqlText.length > 100 ? `${sqlText.slice(0, 100)}…` : sqlText;
      console.log(
        `| ${((1000 * s.ms) / n).toFixed(1)} | ${(s.count / n).toFixed(2)} | ${((1000 * s.ms) / s.count).toFixed(1)} | \`${text.replace(/\|/g, '\\|')}\` |`,
      );
    }
  }
  if (args.pages) await logPagesByTree(path.join(dir, 'pages.sqlite'));
} finally {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}
