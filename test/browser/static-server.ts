/** A small static server for a built folder, as the browser tests need it: /route → route/index.html, unknown paths → 404.html. */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.xml': 'application/xml',
};

/** Serves `dir` on 127.0.0.1 on a free port. */
export function serve(dir: string): Promise<Server> {
  const httpServer = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (existsSync(file) && (await stat(file)).isDirectory()) file = join(file, 'index.html');
    const found = existsSync(file);
    response.writeHead(found ? 200 : 404, { 'content-type': (found ? types[extname(file)] : types['.html']) ?? 'application/octet-stream' });
    response.end(await readFile(found ? file : join(dir, '404.html')));
  });
  return new Promise((resolve) => httpServer.listen(0, '127.0.0.1', () => resolve(httpServer)));
}
