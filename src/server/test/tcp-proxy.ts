import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server (Redis, PostgreSQL), for the suites that take it away
 * for a while: `cut` closes every connection and refuses new ones (the server stopped),
 * `hold` moves nothing either way while keeping the connections (a network that drops
 * packets: TCP keeps them until it comes back), `restore` lets it all flow again.
 */
export interface TcpProxy {
  /** The target's URL with this relay's host and port. */
  url: string;
  cut(): void;
  hold(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function tcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port) || (target.protocol.startsWith('redis') ? 6379 : 5432);
  let mode: 'up' | 'cut' | 'hold' = 'up';
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    client.pause();
    const upstream = connect(targetPort, target.hostname);
    upstream.pause();
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => client.write(d));
    const end = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    };
    for (const s of pair) s.on('close', end).on('error', end);
    if (mode === 'up') for (const s of pair) s.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as { port: number }).port);
  return {
    url: url.toString(),
    cut() {
      mode = 'cut';
      for (const pair of pairs) for (const s of pair) s.destroy();
    },
    hold() {
      mode = 'hold';
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    restore() {
      mode = 'up';
      for (const pair of pairs) for (const s of pair) s.resume();
    },
    close() {
      for (const pair of pairs) for (const s of pair) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
