// Vitest setup for the web project: jest-dom matchers, the MSW server standing in for
// the HTTP API, and a failing test whenever console.error is called.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from './msw/server.ts';

// Route modules load lazily, and a busy two-core CI machine (the first import of a page
// transforms it) can take seconds; waiting longer changes no assertion, and no test waits for
// less than this: a shorter wait only turns a slow machine into a failed test.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let consoleErrors: unknown[][] = [];

beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.sessionStorage.clear();
  const errors = consoleErrors;
  vi.restoreAllMocks();
  if (errors.length > 0) {
    const text = errors.map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    throw new Error(`console.error was called during the test:\n${text.join('\n')}`);
  }
});
