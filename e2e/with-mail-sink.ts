// Runs the e2e server with a local SMTP server of its own: `tsx e2e/with-mail-sink.ts <command…>`.
// The SMTP server listens on a free port, the command gets SMTP_URL and MAIL_FROM pointing at
// it, and every mail it receives is written as JSON to E2E_MAIL_DIR, where the specs read it.
// Both live as long as the command (Playwright's webServer stops the whole process group).
import { spawn } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../src/server/test/smtp-sink.ts';

const [command, ...args] = process.argv.slice(2);
const mailDir = process.env.E2E_MAIL_DIR;
if (!command || !mailDir) {
  console.error('usage: E2E_MAIL_DIR=<dir> tsx e2e/with-mail-sink.ts <command> [args…]');
  process.exit(2);
}
mkdirSync(mailDir, { recursive: true });

let received = 0;
const sink = await startSmtpSink({
  onMail(mail) {
    received += 1;
    const file = path.join(mailDir, `${String(received).padStart(5, '0')}.json`);
    const { raw: _raw, ...readable } = mail;
    // Renamed once whole, so a spec never reads half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify(readable, null, 2));
    renameSync(`${file}.tmp`, file);
  },
});

const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: sink.url, MAIL_FROM: 'Code Commons <forum@example.test>' },
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  void sink.close().finally(() => process.exit(code ?? (signal ? 1 : 0)));
});
