import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// The real built server on a throw-away data dir, driven by Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'cc-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // What a test waits for may come late on a busy two-core machine (a page hydrating takes
  // seconds there); waiting longer changes no assertion.
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: `http://localhost:${port}`,
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  // The server runs beside a local SMTP server (e2e/with-mail-sink.ts) that writes each mail it
  // receives to E2E_MAIL_DIR: both start with the run and stop after it. (A globalSetup would
  // start too late: Playwright starts the webServer before it.)
  webServer: {
    command: 'node_modules/.bin/tsx e2e/with-mail-sink.ts node dist/server/main.js',
    url: `http://localhost:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
      E2E_MAIL_DIR: path.join(dataDir, 'mail'),
    },
  },
});
