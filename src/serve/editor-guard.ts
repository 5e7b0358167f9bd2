/**
 * What proves a request to the editor's backend or preview comes from the editor's own page: its origin is the server's
 * (a page of another site can make the browser send a form or a no-cors fetch here, but not with our origin), its body
 * is JSON (a plain form cannot send that type), and it carries the session's secret, which only the editor's page holds
 * (a page of another origin cannot read it: the server sends no CORS headers, and answers no other host name).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { secretHeader } from '../authoring/cms/session.ts';

/** The largest request body the editor sends, in bytes (a photo travels as base64 inside JSON). */
export const bodyLimit = 50 * 2 ** 20;

/** A new secret for one run of the server. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Why a request that reads or changes files is refused (one line the editor shows), or undefined when it is the editor's. */
export function editorRequestProblem(request: IncomingMessage, secret: string): string | undefined {
  const origin = request.headers.origin;
  const sameSite = request.headers['sec-fetch-site'];
  const own = `http://${request.headers.host ?? ''}`;
  if (origin !== undefined ? origin !== own : sameSite !== 'same-origin') return 'the editor answers only its own page';
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') return 'the editor takes only JSON requests';
  const sent = Buffer.from(String(request.headers[secretHeader.toLowerCase()] ?? ''));
  const held = Buffer.from(secret);
  if (sent.length !== held.length || !timingSafeEqual(sent, held)) {
    return 'this editor page is from an earlier run of the server (or another site): reload the page';
  }
  return undefined;
}

/**
 * The body of a request, or undefined when it is larger than `limit` bytes: the length it announces is checked
 * first, and reading stops as soon as the bytes pass the limit (the caller answers 413 and closes the connection).
 */
export function bodyOf(request: IncomingMessage, limit = bodyLimit): Promise<Buffer | undefined> {
  if (Number(request.headers['content-length'] ?? 0) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const take = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      request.off('data', take);
      request.pause();
      resolve(undefined);
    };
    request.on('data', take);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
    request.once('close', () => reject(new Error('the request was cut off')));
  });
}

/** Closes the connection of a request whose body was not read whole, once its answer has been sent. */
export function closeAfter(request: IncomingMessage, response: ServerResponse): void {
  request.pause();
  response.on('finish', () => setTimeout(() => request.socket.destroy(), 500).unref());
}
