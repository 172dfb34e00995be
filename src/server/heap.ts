import v8 from 'node:v8';
import { PerformanceObserver } from 'node:perf_hooks';

/**
 * Keeps the V8 heap near what the server actually holds.
 *
 * DESIGN.md gives the server 150 MiB under load. Left to its defaults, V8 sizes the heap for a
 * batch job: the young generation grows to 32 MiB during start-up alone, and the old generation
 * fills with garbage to several times what is live before it is collected, so a server holding
 * about 30 MiB of live objects sits at 110 MiB idle and passes 200 MiB under load. Two of V8's
 * collection heuristics change that: the young generation is held at a set size (a request's
 * short-lived objects are collected by frequent, small scavenges), and the old generation may
 * grow by 15 % past what survived the last full collection.
 *
 * The young generation's size depends on how long a request's objects live. On SQLite a read
 * runs to its end without waiting, but the writes of a group commit (write-path.ts) wait for
 * their batch, 3-10 ms under load, and a comment allocates about 110 KiB (its notifications,
 * live events, search terms): with V8's initial 1 MiB semi-space a scavenge came about every
 * 4 ms, what the batch still held moved to the old generation, and a full collection came
 * about four times a second. There it is held at 4 MiB (main.ts; performance log, 2026-12-03).
 * On PostgreSQL every request waits for at least one round trip, tens of milliseconds under
 * load, while with 1 MiB a scavenge came about every 60 ms: a fifth of what each one found was
 * still in use and was moved to the old generation, which filled, and a full collection came
 * about every 0.4 s (ADR 0016). There it is held at 8 MiB.
 *
 * V8 fixes the young generation's bounds when the process starts and reads its growth factor
 * at each collection, so the size is steered with that factor: after each collection it is set
 * so that V8's next growth lands on the size wanted, and to 1 once it is there. This runs as
 * the very first thing the process does (main.ts loads everything else afterwards). Heap
 * settings given to node by the operator (command line or NODE_OPTIONS, Node's own variable)
 * are left as they are.
 *
 * That steering holds on V8 11 (Node 20), where it was measured. V8 13 (Node 24) sizes its
 * young generation by rules of its own: even at a growth factor of 1 it grows to 8 MiB under
 * load, and steering took it past that. There the factor is set to 1 as before and left alone.
 */
export const STEERS_YOUNG_GENERATION = Number(process.versions.v8.split('.')[0]) < 12;
const OPERATOR_HEAP_FLAG =
  /--(max-semi-space-size|min-semi-space-size|semi-space-growth-factor|heap-growing-percent|max-old-space-size|max-heap-size|optimize-for-size)\b/;
const MiB = 2 ** 20;

export interface HeapOptions {
  /** The young generation's semi-space held, in MiB (1, V8's initial size, unless given). */
  semiSpaceMiB?: number;
}

let semiSpaceTargetMiB = 1;
let appliedFactor = 0;
let observer: PerformanceObserver | null = null;

/** The young generation's semi-space as it is now, in whole MiB. */
export function semiSpaceMiB(): number {
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return space ? Math.max(1, Math.round((space.space_used_size + space.space_available_size) / MiB)) : 1;
}

function steer(): void {
  const factor = Math.max(1, Math.floor(semiSpaceTargetMiB / semiSpaceMiB()));
  if (factor === appliedFactor) return;
  appliedFactor = factor;
  v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);
}

/**
 * Applies the settings, and again after anything that resets V8's flags (a worker's start,
 * db/checkpointer.ts): a call without options keeps the size given before.
 */
export function tuneHeap(options: HeapOptions = {}): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (OPERATOR_HEAP_FLAG.test(given)) return;
  if (options.semiSpaceMiB !== undefined) semiSpaceTargetMiB = Math.max(1, Math.floor(options.semiSpaceMiB));
  v8.setFlagsFromString('--heap-growing-percent=15');
  if (!STEERS_YOUNG_GENERATION) {
    v8.setFlagsFromString('--semi-space-growth-factor=1');
    return;
  }
  // The flags may have been reset (a worker's start): apply the factor again, whatever it was.
  appliedFactor = 0;
  steer();
  if (semiSpaceTargetMiB > 1 && !observer) {
    // A collection's entry arrives just after it: seldom (a few a second at most at 8 MiB).
    observer = new PerformanceObserver(steer);
    observer.observe({ entryTypes: ['gc'] });
  }
}
