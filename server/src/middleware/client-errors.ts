import http from 'node:http';
import type { Socket } from 'node:net';
import { HTTP } from '@common/limits';
import { MSG } from '@common/messages';

/** The chunk the HTTP parser choked on starts a request whose first line is still unfinished (or too long). */
function addressTooLong(raw: unknown): boolean {
  if (!Buffer.isBuffer(raw) || !/^[A-Z]+ /.test(raw.subarray(0, 16).toString('latin1'))) return false;
  const lineEnd = raw.indexOf('\r\n');
  return lineEnd === -1 || lineEnd > HTTP.maxRequestHeadBytes / 2;
}

/**
 * Answers requests Node's HTTP parser refuses before Fastify sees them, in the API's JSON error
 * shape. The request line and headers may take HTTP.maxRequestHeadBytes (the server's
 * maxHeaderSize), so an over-long address is answered 414 as soon as that much has arrived, even
 * when the client never finishes its headers: curl 7.88 does exactly that with a 12 KB address
 * and a cookie (it drops the cookie for size and leaves the header block unterminated), which used
 * to sit until Node's 60 s headers timeout and then get 408.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message: string = MSG.badHttpRequest;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    [status, message] = addressTooLong(err.rawPacket) ? [414, MSG.uriTooLong] : [431, MSG.headersTooLarge];
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    [status, message] = [408, MSG.requestTimeout];
  }
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
