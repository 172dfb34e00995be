import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Turns an AsyncLocalStorage off again once nothing runs inside it (Node 20 and 22).
 *
 * Before Node 24, AsyncLocalStorage is built on async hooks: from the first `run` of any
 * instance until that instance is disabled, every promise the process creates calls a hook that
 * copies the current store onto it. Nothing disables them: React's renderer runs one for each
 * page it renders (the first view, from the server's start), Better Auth three for its calls.
 * So on those lines every request paid for the hooks, a vote about a third of its CPU (ADR 0006).
 *
 * Here each instance counts the `run`s in flight (one ends when its callback returns or, for a
 * promise, settles) and is disabled when the count is back to 0, so the hooks are on only while
 * a store is in use. A store is read only by the code its `run` started, and both libraries
 * await all of it; an instance entered with `enterWith`, which has no end, stays on.
 *
 * Node 24 keeps the store in V8's async context frames, without hooks: nothing is changed there.
 */
export function releaseIdleAsyncStorage(): void {
  const proto = AsyncLocalStorage.prototype as AsyncLocalStorage<unknown> & HookBased;
  if (!ASYNC_STORAGE_USES_HOOKS || proto[RELEASING]) return;
  proto[RELEASING] = true;
  const run = proto.run;
  const enterWith = proto.enterWith;
  const inFlight = new WeakMap<object, number>();
  const pinned = new WeakSet<object>();

  const end = (storage: AsyncLocalStorage<unknown>) => {
    const left = (inFlight.get(storage) ?? 1) - 1;
    inFlight.set(storage, left);
    if (left === 0 && !pinned.has(storage)) storage.disable();
  };

  proto.run = function <R>(this: AsyncLocalStorage<unknown>, store: unknown, callback: (...args: unknown[]) => R, ...args: unknown[]): R {
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    let result: R;
    try {
      result = run.call(this, store, callback, ...args) as R;
    } catch (error) {
      end(this);
      throw error;
    }
    if (!isThenable(result)) {
      end(this);
      return result;
    }
    // The caller gets a promise that settles as the callback's did, after the count moved: a
    // rejection it leaves unhandled is still reported, as it would be without the wrapper.
    return result.then(
      (value) => {
        end(this);
        return value;
      },
      (error: unknown) => {
        end(this);
        throw error;
      },
    ) as R;
  };

  proto.enterWith = function (this: AsyncLocalStorage<unknown>, store: unknown): void {
    pinned.add(this);
    enterWith.call(this, store);
  };
}

const RELEASING = Symbol.for('code-commons.releaseIdleAsyncStorage');

interface HookBased {
  [RELEASING]?: boolean;
  /** Present only on the hook-based implementation. */
  _enable?: unknown;
}

/** Whether this Node's AsyncLocalStorage is the hook-based one (before 24): it has `_enable`. */
export const ASYNC_STORAGE_USES_HOOKS = typeof (AsyncLocalStorage.prototype as HookBased)._enable === 'function';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
