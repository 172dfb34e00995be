import { describe, expect, it } from 'vitest';
import { keptFor } from './kept-for.ts';

describe('keptFor', () => {
  it('computes once per period, shares a computation in flight, and does not keep a failure', async () => {
    let clock = 0;
    let runs = 0;
    let fail = false;
    const read = keptFor(
      1000,
      async () => {
        runs += 1;
        if (fail) throw new Error('down');
        return runs;
      },
      () => clock,
    );
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    clock = 999;
    expect(await read()).toBe(1);
    clock = 1000;
    expect(await read()).toBe(2);
    clock = 2000;
    fail = true;
    await expect(read()).rejects.toThrow('down');
    fail = false;
    expect(await read()).toBe(4);
    expect(runs).toBe(4);
  });
});
