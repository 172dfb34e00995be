import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { STEERS_YOUNG_GENERATION } from './heap.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Runs heap.ts in a process of its own (V8's flags are the whole process's), under an
 * allocation whose objects outlive a scavenge, as a request waiting on a round trip does, and
 * answers the semi-space sizes seen.
 */
function semiSpacesUnderLoad(semiSpaceMiB: number | undefined, nodeArgs: string[] = []): number[] {
  const script = `
    import { semiSpaceMiB, tuneHeap } from ${JSON.stringify(path.join(here, 'heap.ts'))};
    tuneHeap(${semiSpaceMiB === undefined ? '' : JSON.stringify({ semiSpaceMiB })});
    const seen = new Set();
    let kept = [];
    for (let round = 0; round < 200; round++) {
      for (let i = 0; i < 20000; i++) {
        kept.push({ i, text: 'row ' + i });
        if (kept.length > 20000) kept = kept.slice(10000);
      }
      seen.add(semiSpaceMiB());
      // The collection's entry is delivered between turns, as between a server's requests.
      await new Promise((resolve) => setImmediate(resolve));
    }
    console.log(JSON.stringify([...seen]));
  `;
  const out = execFileSync(process.execPath, [...nodeArgs, '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  return JSON.parse(out.trim()) as number[];
}

describe('tuneHeap', () => {
  // Only where heap.ts steers the young generation (V8 11, Node 20); see heap.ts.
  it.skipIf(!STEERS_YOUNG_GENERATION)('holds the young generation near V8’s initial 1 MiB by default', () => {
    // At a growth factor of 1 V8 still takes one step, to 2 MiB, under this load.
    expect(Math.max(...semiSpacesUnderLoad(undefined))).toBeLessThanOrEqual(2);
  });

  // The sizes main.ts asks for on SQLite and on PostgreSQL.
  it.skipIf(!STEERS_YOUNG_GENERATION).each([4, 8])('grows it to the size asked for (%i MiB), and no further', (size) => {
    const seen = semiSpacesUnderLoad(size);
    expect(Math.max(...seen)).toBe(size);
    expect(seen.at(-1)).toBe(size);
  });

  it('leaves the heap to the operator when node was given a heap setting', () => {
    // V8 left to itself grows the young generation past 8 MiB under this load.
    expect(Math.max(...semiSpacesUnderLoad(8, ['--semi-space-growth-factor=2']))).toBeGreaterThan(8);
  });
});
