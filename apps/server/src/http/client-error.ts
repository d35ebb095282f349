/**
 * What the server answers to a request it cannot parse (Node's `clientError`: a head over
 * `maxHeaderSize`, a malformed request line, a client that sent its head too slowly), and how it
 * closes: a **lingering close**, as nginx does. Node's default (and Fastify's) writes the answer and
 * destroys the socket at once; when the client is still sending (a 1 MB query string: the parser
 * gives up after 16 KB), closing a socket with unread input makes the kernel send a reset and drop
 * the answer not yet sent, so the client sees `ECONNRESET` instead of the 431. Here the answer is
 * written with `Connection: close`, the socket half-closed (FIN after the answer), the rest of the
 * input read and discarded until the client closes its side or {@link LINGER_MS} pass, and only then
 * destroyed: the client always reads why.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** How long a refused connection's remaining input is read and discarded before the socket is destroyed (ms). */
export const LINGER_MS = 5_000;

/** The status and message of a parse error (Fastify's bodies: `{error, message, statusCode}`). */
function answerOf(code: string | undefined): { status: number; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'Exceeded maximum allowed HTTP header size' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'Client Timeout' };
  return { status: 400, message: 'Client Error' };
}

/** Sockets already answered (Node may report the same broken parser again on the next chunk). */
const answered = new WeakSet<Duplex>();

/**
 * Fastify's `clientErrorHandler`: answers the parse error (431 for a head over the limit, 408 for a
 * slow head, else 400) and closes with a lingering close (see the module comment). A reset socket
 * (`ECONNRESET`) or one already destroyed gets nothing. `this` is the Fastify instance (for its log).
 */
export function lingeringClientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  this.log.trace({ err }, 'client error');
  // Node's parser stops here: its listeners would report the same error for every further chunk.
  socket.removeAllListeners('data');
  socket.removeAllListeners('end');
  socket.removeAllListeners('timeout');
  socket.on('error', () => undefined);
  const { status, message } = answerOf(err.code);
  const reason = STATUS_CODES[status] ?? 'Error';
  const body = JSON.stringify({ error: reason, message, statusCode: status });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  // Half-close after the answer, then read (and drop) what the client still sends, so the kernel
  // has no unread input that would turn the close into a reset.
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  const done = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  socket.on('data', () => undefined);
  socket.once('end', done);
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}
