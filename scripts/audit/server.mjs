/**
 * A static server for a built site that behaves like a static bucket or CDN: directory indexes
 * (`/route` and `/route/` both serve `route/index.html`, as the README's CloudFront function and
 * Netlify do), `404.html` with status 404 for unknown paths, compression, and the headers of the
 * site's own `_headers` file (Netlify / Cloudflare Pages format) applied to every response, over
 * the hosts' default Cache-Control.
 */
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.webmanifest': 'application/manifest+json',
};
/** What Netlify and Cloudflare Pages send when `_headers` sets no Cache-Control: revalidate every time. */
export const hostDefaultHeaders = { 'cache-control': 'public, max-age=0, must-revalidate' };
const compressible = new Set(['.html', '.css', '.js', '.mjs', '.json', '.xml', '.txt', '.svg', '.webmanifest']);

/**
 * Parses a `_headers` file into rules `{ pattern, headers: [[name, value]] }`.
 * Lines that start at column 0 are URL patterns; indented `Name: value` lines belong to the pattern above.
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.trimEnd();
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const match = /^\s+(!?)\s*([^:\s]+)\s*(?::\s*(.*))?$/.exec(line);
    const rule = rules[rules.length - 1];
    if (!match || !rule) throw new Error(`_headers line ${index + 1}: expected "Name: value" under a URL pattern, got ${JSON.stringify(raw)}`);
    const [, detach, name, value = ''] = match;
    rule.headers.push(detach ? [name, null] : [name, value]);
  }
  return rules;
}

/** Whether a `_headers` URL pattern (`*` splat, `:placeholder` segments) matches a request path. */
export function patternMatches(pattern, path) {
  const source = pattern
    .replace(/^https?:\/\/[^/]+/, '')
    .split(/(\*|:[A-Za-z_]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') && part.length > 1 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(path);
}

/**
 * The headers `_headers` gives a request path. Every matching rule applies, in file order; a header
 * set by several rules gets their values joined with ", " (Cloudflare Pages' documented behaviour),
 * and `! Name` removes a header set by an earlier rule.
 */
export function headersFor(rules, path) {
  const result = new Map();
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      if (value === null) result.delete(key);
      else result.set(key, result.has(key) ? `${result.get(key)}, ${value}` : value);
    }
  }
  return Object.fromEntries(result);
}

/** Resolves a URL path to a file under `root`, or undefined when it is outside it or absent. */
async function findFile(root, urlPath) {
  if (urlPath.includes('\0')) return undefined;
  const file = resolve(root, `.${urlPath}`);
  if (file !== root && !file.startsWith(root + sep)) return undefined;
  // Hosts never serve their own configuration file.
  if (file === join(root, '_headers') || file === join(root, '_redirects')) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (info?.isFile()) return file;
  if (info?.isDirectory()) {
    const index = join(file, 'index.html');
    if ((await stat(index).catch(() => undefined))?.isFile()) return index;
  }
  return undefined;
}

/** Chooses the encoding a static host would use for this request: brotli, then gzip, else none. */
function pickEncoding(acceptEncoding) {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/**
 * Starts the server on 127.0.0.1 (port 0 picks a free one). Resolves to `{ server, origin, close }`.
 * `onRequest(info)` is called for each request with `{ method, path, status }`.
 */
export async function startStaticServer({ root, port = 0, onRequest } = {}) {
  const base = resolve(root);
  const headersText = await readFile(join(base, '_headers'), 'utf8').catch(() => '');
  const rules = parseHeadersFile(headersText);
  const cache = new Map();

  /** The body of a file, compressed once per encoding. */
  async function body(file, encoding) {
    const key = `${encoding ?? 'identity'}:${file}`;
    if (!cache.has(key)) {
      const raw = await readFile(file);
      cache.set(
        key,
        encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }) : encoding === 'gzip' ? gzipSync(raw, { level: 9 }) : raw,
      );
    }
    return cache.get(key);
  }

  const server = createServer(async (request, response) => {
    let status = 200;
    let path = '/';
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        status = 405;
        response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        return response.end('Method Not Allowed\n');
      }
      try {
        path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      } catch {
        status = 400;
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        return response.end('Bad Request\n');
      }
      let file = await findFile(base, path);
      if (!file) {
        status = 404;
        file = await findFile(base, '/404.html');
      }
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...hostDefaultHeaders, ...headersFor(rules, path) });
        return response.end('Not Found\n');
      }
      const extension = extname(file);
      const encoding = compressible.has(extension) ? pickEncoding(request.headers['accept-encoding']) : undefined;
      const content = await body(file, encoding);
      response.writeHead(status, {
        'content-type': contentTypes[extension] ?? 'application/octet-stream',
        'content-length': content.length,
        ...(compressible.has(extension) ? { vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'content-encoding': encoding } : {}),
        ...hostDefaultHeaders,
        ...headersFor(rules, path),
      });
      response.end(request.method === 'HEAD' ? undefined : content);
    } catch (error) {
      status = 500;
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Internal Server Error: ${error?.message ?? error}\n`);
    } finally {
      onRequest?.({ method: request.method, path, status });
    }
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', done);
  });
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    server,
    origin,
    rules,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
