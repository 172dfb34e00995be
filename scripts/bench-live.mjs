// The bench's live part (GET /api/events): one server holding 10,000 open streams (its RSS
// beside the same server idle), one event delivered to 1,000 streams subscribed to a post
// (latency from the write's request to each stream's arrival: an upper bound of "from the
// commit"), and comment and vote throughput with 1,000 streams open, beside the same writes
// with none open just before and just after. The streams are opened by scripts/live-clients.mjs,
// a process of its own.
import { fork } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const STREAMS_HELD = 10_000;
const SUBSCRIBED = 1_000;
const ROUNDS = 20;

export const LIVE_BUDGETS = { extraRssMiB: 100, p99Ms: 250, writesPerSecond: 1800 };

/** The clients' process, and a way to ask it something and wait for its answer. */
function startClients(base) {
  const { hostname, port } = new URL(base);
  const child = fork(path.join(here, 'live-clients.mjs'), [hostname, port], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = [];
  child.on('message', (message) => {
    const at = waiting.findIndex((w) => w.type === message.type);
    if (at >= 0) waiting.splice(at, 1)[0].resolve(message);
  });
  const next = (type) => new Promise((resolve) => waiting.push({ type, resolve }));
  const ready = next('ready');
  return {
    ready,
    ask: (message, answer) => {
      const reply = next(answer);
      child.send(message);
      return reply;
    },
    next,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'exit' });
      await exited;
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `tools`: startServer, measure and the comment and vote scenarios of bench.mjs, memoryOf.
 */
export async function benchLive({ env, secret, ctx, tools, log }) {
  const { startServer, measure, scenarios, memoryOf, cleanups } = tools;
  const server = await startServer({ ...env, LIVE_STREAMS_PER_ADDRESS: String(STREAMS_HELD * 2) }, secret);
  cleanups.push(server.stop);
  const clients = startClients(server.base);
  cleanups.push(clients.stop);
  await clients.ready;
  try {
    // Idle: the server after a few requests of each kind, before any stream.
    for (let i = 0; i < 200; i += 1) await fetch(`${server.base}/api/pagination`).then((r) => r.arrayBuffer());
    await settle(1000);
    const idleRss = memoryOf(server.pid).rss;

    const held = await clients.ask({ type: 'open', paths: Array.from({ length: STREAMS_HELD }, () => '/api/events') }, 'opened');
    await settle(2000);
    const heldRss = memoryOf(server.pid).rss;
    log(
      `  ${fmtInt(held.open)} streams open (${held.failed} refused${held.firstError ? `: ${held.firstError}` : ''}): RSS ${heldRss.toFixed(0)} MiB, idle ${idleRss.toFixed(0)} MiB, +${(heldRss - idleRss).toFixed(1)} MiB`,
    );
    await clients.ask({ type: 'close' }, 'closed');
    await settle(500);

    // One event to 1,000 streams subscribed to one post: a vote on it, twenty times.
    const postId = ctx.postIds[0];
    const subscribed = await clients.ask(
      { type: 'open', paths: Array.from({ length: SUBSCRIBED }, () => `/api/events?post=${encodeURIComponent(postId)}`) },
      'opened',
    );
    const latencies = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      await clients.ask({ type: 'expect', event: 'votes', count: subscribed.open }, 'expecting');
      const arrived = clients.next('arrived');
      const sent = performance.timeOrigin + performance.now();
      const res = await fetch(`${server.base}/api/post-data/${round % 2 ? 'down' : 'up'}Vote/${postId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${ctx.tokens[round % ctx.tokens.length]}` },
      });
      if (!res.ok) throw new Error(`vote → ${res.status} ${await res.text()}`);
      const { times } = await arrived;
      latencies.push(...times.map((t) => t - sent));
    }
    latencies.sort((a, b) => a - b);
    const delivery = {
      streams: subscribed.open,
      events: ROUNDS,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      maxMs: Math.round(latencies.at(-1) * 10) / 10,
    };
    log(
      `  one event to ${delivery.streams} streams: p50 ${delivery.p50Ms} ms, p99 ${delivery.p99Ms} ms, max ${delivery.maxMs} ms (${ROUNDS} events)`,
    );
    await clients.ask({ type: 'close' }, 'closed');

    // The same writes with no stream open, just before the streams open and again once they are
    // closed, on this server and this database: every comment run grows the threads (each comment
    // has more recent commenters to notify, longer indexes to write), so the forum is not the same
    // from one run to the next. The two runs without streams bracket the one with them, and tell
    // what the streams themselves cost apart from what the forum's growth does.
    const measureAlone = async (when) => {
      const results = new Map();
      for (const name of ['comment', 'vote']) {
        const r = await measure(server, scenarios[name], ctx);
        results.set(name, { rps: r.rps, p99: r.p99 });
        log(`  ${`${r.label}, no stream open (${when})`.padEnd(66)} ${fmtInt(r.rps).padStart(7)} req/s  p99 ${r.p99} ms`);
      }
      return results;
    };
    const before = await measureAlone('before');
    // Writes with 1,000 streams open: half of them on posts the writes go to.
    const open = await clients.ask(
      {
        type: 'open',
        paths: Array.from({ length: SUBSCRIBED }, (_, i) =>
          i % 2 ? '/api/events' : `/api/events?post=${encodeURIComponent(ctx.postIds[i % ctx.postIds.length])}`,
        ),
      },
      'opened',
    );
    const withStreams = [];
    for (const name of ['comment', 'vote']) {
      const r = await measure(server, scenarios[name], ctx);
      withStreams.push([name, r]);
      log(`  ${`${r.label}, ${fmtInt(open.open)} streams open`.padEnd(66)} ${fmtInt(r.rps).padStart(7)} req/s  p99 ${r.p99} ms`);
    }
    await clients.ask({ type: 'close' }, 'closed');
    const after = await measureAlone('after');
    const writes = withStreams.map(([name, r]) => ({
      ...r,
      name: `${name}-live`,
      label: `${r.label} with ${fmtInt(open.open)} streams open`,
      alone: before.get(name),
      aloneAfter: after.get(name),
    }));
    return {
      held: {
        streams: held.open,
        refused: held.failed,
        idleRssMiB: Math.round(idleRss),
        rssMiB: Math.round(heldRss),
        extraRssMiB: Math.round((heldRss - idleRss) * 10) / 10,
      },
      delivery,
      writes,
    };
  } finally {
    await clients.stop();
    cleanups.splice(cleanups.indexOf(clients.stop), 1);
    await server.stop();
    cleanups.splice(cleanups.indexOf(server.stop), 1);
  }
}

const fmtInt = (n) => Math.round(n).toLocaleString('en-US');
