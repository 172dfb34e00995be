import { AsyncLocalStorage } from 'node:async_hooks';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ASYNC_STORAGE_USES_HOOKS, releaseIdleAsyncStorage } from './async-storage.ts';

// The server's test setup has installed it already (test/setup.ts); once more changes nothing.
releaseIdleAsyncStorage();

/** Whether the hook-based instance is on (its own field; the frame-based one has none). */
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled?: boolean }).enabled;

describe('releaseIdleAsyncStorage', () => {
  it('keeps the store across awaits, and across overlapping runs until the last ends', async () => {
    const storage = new AsyncLocalStorage<string>();
    const seen: Array<string | undefined> = [];
    const first = storage.run('first', async () => {
      await sleep(5);
      seen.push(storage.getStore());
    });
    const second = storage.run('second', async () => {
      await sleep(20);
      // The first run has ended by now: its end must not take this one's store away.
      seen.push(storage.getStore());
      await Promise.resolve();
      seen.push(storage.getStore());
    });
    await Promise.all([first, second]);
    expect(seen).toEqual(['first', 'second', 'second']);
    expect(storage.getStore()).toBeUndefined();
  });

  it('keeps a synchronous run and a throwing run correct', () => {
    const storage = new AsyncLocalStorage<number>();
    expect(storage.run(1, () => storage.getStore())).toBe(1);
    expect(() =>
      storage.run(2, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(storage.run(3, () => storage.run(4, () => storage.getStore()))).toBe(4);
    expect(storage.getStore()).toBeUndefined();
  });

  it('passes a rejection on, and one nobody handles is still reported as unhandled', async () => {
    const storage = new AsyncLocalStorage<string>();
    await expect(
      storage.run('x', async () => {
        await sleep(1);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(storage.getStore()).toBeUndefined();

    // In a process of its own: here the test runner would take the unhandled rejection as its own failure.
    const module = fileURLToPath(new URL('./async-storage.ts', import.meta.url));
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { AsyncLocalStorage } from 'node:async_hooks';
         const { releaseIdleAsyncStorage } = await import(${JSON.stringify(module)});
         releaseIdleAsyncStorage();
         process.on('unhandledRejection', (error) => { console.log('unhandled: ' + error.message); });
         void new AsyncLocalStorage().run('x', async () => { throw new Error('nobody listens'); });`,
      ],
      { encoding: 'utf8' },
    );
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('unhandled: nobody listens');
  });

  it.runIf(ASYNC_STORAGE_USES_HOOKS)('turns an instance off when its last run ends, so promises stop paying for its hooks', async () => {
    const storage = new AsyncLocalStorage<string>();
    let during: boolean | undefined;
    const running = storage.run('x', async () => {
      await sleep(1);
      during = enabled(storage);
    });
    expect(enabled(storage)).toBe(true);
    await running;
    expect(during).toBe(true);
    expect(enabled(storage)).toBe(false);

    storage.run('y', () => undefined);
    expect(enabled(storage)).toBe(false);

    // It comes back on for the next run, and the store is there.
    await storage.run('z', async () => {
      await sleep(1);
      expect(storage.getStore()).toBe('z');
    });
    expect(enabled(storage)).toBe(false);
  });

  it.runIf(ASYNC_STORAGE_USES_HOOKS)('leaves an instance entered with enterWith on: that store has no end', async () => {
    const storage = new AsyncLocalStorage<string>();
    await (async () => {
      storage.enterWith('entered');
      await storage.run('inner', async () => sleep(1));
      expect(enabled(storage)).toBe(true);
      expect(storage.getStore()).toBe('entered');
    })();
    storage.disable();
  });
});
