// `npm run bench:engines`: DESIGN.md's mixed load (70 % reads, 30 % comments and votes, 50
// connections) on SQLite and on PostgreSQL with Redis, in one run, one after the other on the
// same machine, and the ratio of the two (the budget: PostgreSQL + Redis at ≥ 50 % of SQLite,
// p99 ≤ 40 ms). Each engine is measured by scripts/bench.mjs (the same seed, server and load).
//
//   npm run bench:engines
//   node scripts/bench-engines.mjs --posts 100000 --duration 10 --database-url postgres://… --redis-url redis://…
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

// A database on this host is reached over its Unix socket where it has one, as the README
// advises a deployment to (ADR 0016: a round trip over loopback TCP costs more CPU; the
// socket served about a fifth more).
const LOCAL_DATABASE = existsSync('/var/run/postgresql/.s.PGSQL.5432')
  ? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql'
  : 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    posts: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? LOCAL_DATABASE },
    'redis-url': { type: 'string', default: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379' },
  },
});

const outDir = mkdtempSync(path.join(os.tmpdir(), 'cc-bench-engines-'));

function bench(label, extra) {
  const out = path.join(outDir, `${label}.json`);
  const argv = [
    path.join(root, 'scripts/bench.mjs'),
    '--only',
    'mixed',
    '--sizes',
    args.posts,
    '--connections',
    args.connections,
    '--duration',
    args.duration,
    '--warmup',
    args.warmup,
    '--out',
    out,
    ...extra,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(readFileSync(out, 'utf8'))) : reject(new Error(`${label}: exit ${code}`))));
  });
}

const pick = (result) => {
  const size = result.sizes[0];
  const mixed = size.scenarios.find((s) => s.name === 'mixed');
  const health = size.scenarios.find((s) => s.name === 'health');
  return {
    rps: mixed.rps,
    p50: mixed.p50,
    p99: mixed.p99,
    errors: mixed.errors + mixed.non2xx,
    health: health?.rps ?? null,
    serverCpuUs: mixed.serverCpuUs ?? null,
    machineCpuUs: mixed.machineCpuUs ?? null,
  };
};

try {
  const sqlite = pick(await bench('sqlite', []));
  const postgres = pick(await bench('postgres', ['--database-url', args['database-url'], '--redis-url', args['redis-url']]));
  const fmt = (n) => (n === null ? '–' : Math.round(n).toLocaleString('en-US'));
  console.log(
    `\nMixed load (70 % reads, 30 % comments and votes), ${args.connections} connections, ${fmt(Number(args.posts))} posts; PostgreSQL at ${args['database-url']}:`,
  );
  // CPU per request: the server's own, and the machine's but for the load generator (on
  // PostgreSQL that includes the database and Redis), which says where a gap comes from.
  console.log('| engine | req/s | p50 ms | p99 ms | errors | /api/health req/s | server CPU µs/req | all CPU µs/req |');
  console.log('|:--|--:|--:|--:|--:|--:|--:|--:|');
  for (const [name, r] of [
    ['SQLite', sqlite],
    ['PostgreSQL + Redis', postgres],
  ]) {
    console.log(
      `| ${name} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${fmt(r.health)} | ${fmt(r.serverCpuUs)} | ${fmt(r.machineCpuUs)} |`,
    );
  }
  const share = postgres.rps / sqlite.rps;
  console.log(`\nPostgreSQL + Redis at ${(share * 100).toFixed(0)} % of SQLite (budget ≥ 50 %), p99 ${postgres.p99} ms (budget ≤ 40 ms).`);
  process.exitCode = share >= 0.5 && postgres.p99 <= 40 ? 0 : 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
