import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

// The server as its operator starts and stops it: what its output says, and that it is true.
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), 'cc-serve-'));
const children: ChildProcess[] = [];
// A test that fails midway leaves no server running.
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  /** Every line of its standard output and error so far. */
  lines: string[];
  /** The line "… is serving on <address> (…)", once it came. */
  serving: Promise<string>;
  /** Once it has exited and its output is read to the end. */
  closed: Promise<unknown>;
}

function start(env: Record<string, string>, args = ['--import', 'tsx', path.join(here, 'main.ts')], command = process.execPath): Started {
  const child = spawn(command, args, {
    env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: '', REDIS_URL: '', ...env },
  });
  children.push(child);
  const lines: string[] = [];
  const serving = new Promise<string>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        lines.push(line);
        if (line.includes(' is serving on ')) resolve(line);
      });
    }
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before serving:\n${lines.join('\n')}`)));
  });
  const closed = once(child, 'close');
  // Each awaited by the tests that expect it, and left unanswered by the others.
  serving.catch(() => {});
  closed.catch(() => {});
  return { child, lines, serving, closed };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const messages = (lines: string[]) =>
  lines.flatMap((line) => {
    try {
      return [(JSON.parse(line) as { msg: string }).msg];
    } catch {
      return [];
    }
  });

describe('a server started and stopped', () => {
  it('names where it listens and the migrations it ran, and says when it has stopped on SIGTERM', async () => {
    const dataDir = path.join(dir, 'forum');
    // PORT=0: the system picks the port, and only the server can say which.
    const first = start({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    const line = await first.serving;
    const address = /is serving on (http:\/\/127\.0\.0\.1:\d+) \(SQLite at /.exec(line)?.[1];
    expect(address).toBeDefined();
    expect(address).not.toBe('http://127.0.0.1:0');
    expect(await (await fetch(`${address}/api/health`)).json()).toEqual({ status: 'ok' });
    expect(messages(first.lines)).toContainEqual(expect.stringMatching(/^database: ran \d+ migrations \(0001-initial, .+\)$/));

    first.child.kill('SIGTERM');
    const [code] = (await first.closed) as [number | null];
    expect(code).toBe(0);
    expect(messages(first.lines).slice(-2)).toEqual(['shutting down', 'stopped']);

    // Started again on the same database: nothing left to migrate, and nothing said of it.
    const again = start({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    await again.serving;
    again.child.kill('SIGTERM');
    await again.closed;
    expect(messages(again.lines).filter((message) => message.startsWith('database: ran'))).toEqual([]);
  });

  // Ctrl-C under npm sends SIGINT twice at once (the terminal's and npm's): the second must not
  // end a stop that would otherwise finish.
  it('says so when a request still open cuts its stop short after 10 s, a second signal or not', { timeout: 30_000 }, async () => {
    const server = start({ DATA_DIR: path.join(dir, 'cut'), PORT: '0', HOST: '127.0.0.1' });
    const address = /is serving on http:\/\/127\.0\.0\.1:(\d+) /.exec(await server.serving)?.[1];
    // A request whose body never comes in full holds the stop. The server's "100 Continue" says it
    // has the request (a connection it has read nothing from yet would be closed as idle).
    const socket = connect(Number(address), '127.0.0.1');
    socket.write(
      'POST /api/auth/sign-in/email HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n',
    );
    const [continued] = (await once(socket, 'data')) as [Buffer];
    expect(continued.toString()).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{"em');
    try {
      server.child.kill('SIGTERM');
      await expect.poll(() => messages(server.lines)).toContain('shutting down');
      server.child.kill('SIGINT');
      const [code] = (await server.closed) as [number | null];
      expect(code).toBe(1);
      expect(messages(server.lines).slice(-2)).toEqual(['shutting down', 'stop cut short: requests still open after 10 s']);
    } finally {
      socket.destroy();
    }
  });

  it('says in one sentence that its port is taken, and exits 1', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const server = start({ DATA_DIR: path.join(dir, 'taken'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
      const [code] = (await server.closed) as [number | null];
      expect(server.lines).toEqual([
        `Cannot listen on 127.0.0.1 port ${port}: another process listens there. Stop it, or set PORT (or HOST) to another.`,
      ]);
      expect(code).toBe(1);
    } finally {
      taken.close();
    }
  });

  // npm runs a script with sh -c and hands it the signals it gets (from a process manager, docker
  // stop): the shell must have become the server, or SIGTERM ended the shell alone and left the
  // server running, never stopped, on its port.
  it('stops gracefully when npm run serve is sent SIGTERM', async () => {
    const { scripts } = JSON.parse(readFileSync(path.join(here, '../../package.json'), 'utf8')) as { scripts: { serve: string } };
    const fromSources = scripts.serve.replace('node dist/server/main.js', `node --import tsx ${path.join(here, 'main.ts')}`);
    expect(fromSources).not.toBe(scripts.serve);
    const server = start({ DATA_DIR: path.join(dir, 'npm'), PORT: '0', HOST: '127.0.0.1' }, ['-c', fromSources], 'sh');
    await server.serving;
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
    const pid = (JSON.parse(server.lines.find((line) => line.startsWith('{'))!) as { pid: number }).pid;
    if (isRunning(pid)) {
      process.kill(pid, 'SIGKILL');
      expect.fail('SIGTERM ended the shell and left the server running');
    }
    await server.closed;
    expect(messages(server.lines).slice(-2)).toEqual(['shutting down', 'stopped']);
  });
});
