import { createRequire } from 'node:module';
import type { Socket } from 'node:net';

/**
 * Node's HTTP server keeps a request parser on every connection, ready for its next request. A
 * connection that carries an event stream never has a next request: the response lasts as long
 * as the connection. Node 24's parser is a native object of about 10 KiB (heaptrack:
 * `Parser::New`, 10.1 KB a connection against 1.9 KB on Node 20), so 10,000 open streams held
 * some 80 MiB of parsers that would never parse again (ADR 0011).
 *
 * A stream therefore hands its parser back the way Node does when it gives a connection over to
 * another protocol (an upgraded WebSocket): the server stops reading the socket for requests,
 * and the parser goes back to Node's pool or is freed. Anything the client still sends on it
 * ends the connection; an event stream's client has nothing to send, and a request sent behind
 * it would never have been answered anyway. Node's `freeParser` is the one it uses for
 * upgrades, reached through `node:_http_common`; where a Node line lacks it, the parser is left
 * where it is (the stream works as before, at the old cost).
 */
type FreeParser = (parser: unknown, req: unknown, socket: Socket) => void;

const freeParser: FreeParser | null = (() => {
  try {
    const common = createRequire(import.meta.url)('node:_http_common') as { freeParser?: unknown };
    return typeof common.freeParser === 'function' ? (common.freeParser as FreeParser) : null;
  } catch {
    return null;
  }
})();

function dropConnection(this: Socket): void {
  this.destroy();
}

/** Whether this Node line lets a connection's parser go (`node:_http_common`'s freeParser). */
export const CAN_RELEASE_HTTP_PARSER = freeParser !== null;

/** The HTTP server's listener for `event` on this socket (Node names them as it binds them). */
function serverListener(socket: Socket, event: 'data' | 'end', name: string) {
  return socket.listeners(event).find((listener) => listener.name === `bound ${name}`) as ((...args: unknown[]) => void) | undefined;
}

/**
 * Lets the connection's request parser go, once its request has been taken over for good (an
 * event stream): from then on the connection only carries the response, and any byte the client
 * sends, or the end of what it sends, ends it. Answers whether the parser was let go: not when
 * the socket is not the one Node's HTTP server set up as it knows it (then nothing changes).
 * Call it outside the parser's own call (not synchronously from the request's event), as Node
 * does for upgrades.
 */
export function releaseHttpParser(socket: Socket, request: unknown): boolean {
  const parser = (socket as Socket & { parser?: unknown }).parser;
  if (!freeParser || !parser || socket.destroyed) return false;
  // The server's own listeners, which feed the parser and answer the end of input through it;
  // the socket's own (net's end of input among them) stay.
  const onData = serverListener(socket, 'data', 'socketOnData');
  const onEnd = serverListener(socket, 'end', 'socketOnEnd');
  if (!onData || !onEnd) return false;
  socket.removeListener('data', onData);
  socket.removeListener('end', onEnd);
  freeParser(parser, request, socket);
  socket.on('data', dropConnection);
  socket.on('end', dropConnection);
  return true;
}
