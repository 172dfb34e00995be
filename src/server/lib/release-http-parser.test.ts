import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CAN_RELEASE_HTTP_PARSER, releaseHttpParser } from './release-http-parser.ts';

// On a real Node HTTP server and a raw TCP client: what a connection does once its parser is gone.
describe('releaseHttpParser', () => {
  const closers: Array<() => void> = [];
  afterEach(() => closers.splice(0).forEach((close) => close()));

  /**
   * A server whose first request becomes an endless response, its parser let go as a stream's is;
   * `opened` resolves once that has been tried, with the response and whether it was let go.
   */
  async function streamingServer() {
    let opened!: (value: { res: http.ServerResponse; released: boolean }) => void;
    const streaming = new Promise<{ res: http.ServerResponse; released: boolean }>((resolve) => (opened = resolve));
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(': open\n\n');
      setImmediate(() => opened({ res, released: releaseHttpParser(req.socket, req) }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      server.closeAllConnections();
      server.close();
    });
    return { port: (server.address() as net.AddressInfo).port, streaming };
  }

  /** A client that sends one request and collects what comes back until the server closes. */
  function rawClient(port: number) {
    const socket = net.connect(port, '127.0.0.1');
    closers.push(() => socket.destroy());
    let received = '';
    // The server ends the connection with what the client sent unread: a reset, not an error here.
    socket.on('error', () => {});
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const receivedText = (text: string) =>
      new Promise<void>((resolve) => {
        const check = () => (received.includes(text) ? resolve() : socket.once('data', check));
        check();
      });
    socket.write('GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n');
    return { socket, closed, receivedText, received: () => received };
  }

  it('is available on this Node line (node:_http_common)', () => {
    expect(CAN_RELEASE_HTTP_PARSER).toBe(true);
  });

  it('lets the parser go, and the response still reaches the client', async () => {
    const { port, streaming } = await streamingServer();
    const client = rawClient(port);
    await client.receivedText(': open');
    const { res, released } = await streaming;
    expect(released).toBe(true);
    expect((res.socket as net.Socket & { parser?: unknown }).parser).toBeNull();
    res.write('data: after\n\n');
    await client.receivedText('data: after');
  });

  it('ends the connection when the client sends anything more: no request behind a stream is parsed', async () => {
    const { port, streaming } = await streamingServer();
    const client = rawClient(port);
    await client.receivedText(': open');
    await streaming;
    client.socket.write('GET /second HTTP/1.1\r\nHost: x\r\n\r\n');
    await client.closed;
    // One response head only: the second request was never answered.
    expect(client.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('leaves a socket alone that no HTTP server parses', async () => {
    const server = net.createServer((socket) => socket.on('error', () => {}).write('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => server.close());
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    const client = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1').on('error', () => {});
    closers.push(() => client.destroy());
    const socket = await accepted;
    expect(releaseHttpParser(socket, null)).toBe(false);
    expect(socket.listenerCount('data')).toBe(0);
  });
});
