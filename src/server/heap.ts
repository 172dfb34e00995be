import v8 from 'node:v8';

/**
 * Keeps the V8 heap near what the server actually holds.
 *
 * DESIGN.md gives the server 150 MiB under load. Left to its defaults, V8 sizes the heap for a
 * batch job: the young generation grows to 32 MiB during start-up alone, and the old generation
 * fills with garbage to several times what is live before it is collected, so a server holding
 * about 30 MiB of live objects sits at 110 MiB idle and passes 200 MiB under load. Two of V8's
 * collection heuristics change that: the young generation keeps its initial size (a request's
 * short-lived objects are collected by frequent, small scavenges), and the old generation may
 * grow by 15 % past what survived the last full collection.
 *
 * V8 reads both settings at each collection, so they can be set here, as the very first thing
 * the process does (main.ts loads everything else afterwards). Heap settings given to node by
 * the operator (command line or NODE_OPTIONS, Node's own variable) are left as they are.
 */
const HEAP_SETTINGS = ['--semi-space-growth-factor=1', '--heap-growing-percent=15'];
const OPERATOR_HEAP_FLAG =
  /--(max-semi-space-size|min-semi-space-size|semi-space-growth-factor|heap-growing-percent|max-old-space-size|max-heap-size|optimize-for-size)\b/;

export function tuneHeap(): void {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (OPERATOR_HEAP_FLAG.test(given)) return;
  for (const setting of HEAP_SETTINGS) v8.setFlagsFromString(setting);
}
