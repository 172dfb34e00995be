// The clients of the bench's live part (scripts/bench-live.mjs), in a process of their own so
// their sockets and parsing do not share the bench's event loop: opens event streams on the
// server as told, and reports when each stream receives a given event. Driven over IPC.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const [host, portText] = process.argv.slice(2);
const port = Number(portText);
const sockets = new Set();
let watching = null;

const now = () => performance.timeOrigin + performance.now();

/** One stream: resolves once the server answered 200 (or rejects with what it answered). */
function openStream(path) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let head = '';
    let open = false;
    socket.setNoDelay(true);
    socket.on('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nAccept: text/event-stream\r\nCache-Control: no-cache\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      if (!open) {
        head += chunk.toString('latin1');
        if (!head.includes('\r\n\r\n')) return;
        if (!head.startsWith('HTTP/1.1 200')) {
          socket.destroy();
          reject(new Error(head.split('\r\n')[0]));
          return;
        }
        open = true;
        sockets.add(socket);
        resolve();
        return;
      }
      if (watching && chunk.includes(watching.marker)) {
        watching.times.push(now());
        if (watching.times.length >= watching.count) {
          process.send({ type: 'arrived', times: watching.times });
          watching = null;
        }
      }
    });
    socket.on('error', (error) => {
      if (!open) reject(error);
    });
    socket.on('close', () => sockets.delete(socket));
  });
}

async function openMany(paths, concurrency = 200) {
  let next = 0;
  let failed = 0;
  let firstError = null;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      try {
        await openStream(path);
      } catch (error) {
        failed += 1;
        firstError ??= error.message;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { open: sockets.size, failed, firstError };
}

process.on('message', async (message) => {
  if (message.type === 'open') {
    process.send({ type: 'opened', ...(await openMany(message.paths)) });
  } else if (message.type === 'expect') {
    watching = { marker: Buffer.from(`event: ${message.event}\n`), count: message.count, times: [] };
    process.send({ type: 'expecting' });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    process.send({ type: 'closed' });
  } else if (message.type === 'exit') {
    process.exit(0);
  }
});
process.send({ type: 'ready' });
