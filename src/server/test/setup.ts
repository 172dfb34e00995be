import { afterEach, vi } from 'vitest';
import { releaseIdleAsyncStorage } from '../async-storage.ts';

// As the server does (main.ts), so that every test runs with it.
releaseIdleAsyncStorage();

// A console.error during a server test is a bug being swallowed: fail loudly.
const original = console.error;
let errors: unknown[][] = [];
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`console.error was called: ${String(seen[0]?.[0])}`);
});
