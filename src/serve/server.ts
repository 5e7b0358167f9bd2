/** The dev server: builds into memory, serves the last good build, rebuilds on change, reloads the browser. */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { extname, posix } from 'node:path';
import { build } from '../build.ts';
import { emptyMemo } from '../incremental/memo.ts';
import { devClientPath, devClientSource, devEventsPath } from './dev-client.ts';
import { problems, userErrors } from '../errors.ts';
import { formatError, overlayError, palette, type OverlayError } from '../report.ts';
import { watch, type Watcher } from './watcher.ts';
import { memoryWriter } from '../write/writer.ts';

/** How `serve` runs. */
export interface ServeOptions {
  root: string;
  port: number;
  host: string;
  open?: boolean;
  color?: boolean;
  /** Where progress lines go (stdout unless told). */
  log?: (line: string) => void;
}

/** A running dev server. */
export interface DevServer {
  url: string;
  /** The errors of the last build, if it failed. */
  errors(): OverlayError[] | undefined;
  /** Resolves when no rebuild is running or queued. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The file of a build that answers a request path, or undefined for the 404 page. */
export function resolveRequest(files: ReadonlyMap<string, Uint8Array>, rawPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.split(/[/\\]/).includes('..')) return undefined;
  const path = posix.normalize(decoded).replace(/^\/+/, '');
  const candidates = path === '' ? ['index.html'] : [path, `${path.replace(/\/$/, '')}/index.html`, `${path}.html`];
  return candidates.find((c) => files.has(c) && !c.startsWith('..'));
}

/** What the server holds between builds: the last good build's files, the last build's errors, and the browsers listening. */
interface ServerState {
  files: Map<string, Uint8Array>;
  errors: OverlayError[] | undefined;
  clients: Set<ServerResponse>;
}

/** Starts the dev server; resolves once the first build has finished (whether it passed or not). */
export async function serve(options: ServeOptions): Promise<DevServer> {
  const c = palette(options.color ?? false);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const state: ServerState = { files: new Map(), errors: undefined, clients: new Set() };
  const server = createServer((request, response) => handleRequest(state, request, response));
  const port = await listen(server, options.port, options.host);
  if (options.port !== 0 && port !== options.port) log(`${c.yellow('!')} port ${options.port} is busy (another preview is probably running there); using port ${port} instead`);
  const address = server.address() as AddressInfo;
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const host = everywhere ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;

  const rebuild = rebuilder(options, state, url, log);
  await rebuild();
  const watcher: Watcher = await watch(options.root, (changed) => rebuild(changed));
  log(`${c.bold('clinic-site')} serving ${c.cyan(url)} ${c.dim('(drafts shown; Ctrl+C stops)')}`);
  if (everywhere) for (const address of networkAddresses()) log(`  on your network: ${c.cyan(`http://${address}:${port}`)}`);
  if (options.open) openBrowser(url);

  return {
    url,
    errors: () => state.errors,
    idle: () => watcher.idle(),
    async close() {
      await watcher.close();
      for (const client of state.clients) client.end();
      state.clients.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sends an event to every browser listening. */
function broadcast(state: ServerState, event: string, data: unknown): void {
  for (const client of state.clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * The rebuild the watcher calls: the same build as `clinic-site build`, into memory, told what
 * changed. A failed build keeps the last good files served and shows its errors in the browser.
 */
function rebuilder(options: ServeOptions, state: ServerState, url: string, log: (line: string) => void): (changed?: Set<string>) => Promise<void> {
  const { root } = options;
  const color = options.color ?? false;
  const c = palette(color);
  // One writer and one memo for the whole session: unchanged pages are taken over, not rendered again.
  const writer = memoryWriter();
  const memo = emptyMemo();
  // A warning is printed when it first appears, not again on every save (4,000 unreviewed pages would flood the terminal).
  let shown = new Set<string>();
  return async (changed?: Set<string>) => {
    try {
      const result = await build({ root, writer, drafts: true, baseUrl: url, memo, ...(changed ? { changed } : {}) });
      state.files = writer.files;
      const wasBroken = state.errors !== undefined;
      state.errors = undefined;
      const what = changed ? ` after ${[...changed].slice(0, 3).join(', ')}${changed.size > 3 ? ', …' : ''}` : '';
      log(`${c.green('✓')} built ${result.pages} pages (${result.rendered} rendered) in ${Math.round(result.elapsedMs)} ms${what}`);
      // A renamed article leaves its old address behind: say so while the author is still at it.
      for (const warning of result.warnings) if (!shown.has(warning)) log(`${c.yellow('!')} ${warning}`);
      shown = new Set(result.warnings);
      if (wasBroken) broadcast(state, 'build-ok', {});
      broadcast(state, 'reload', {});
    } catch (error) {
      const found = userErrors(error);
      if (!found) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`${c.red('Internal error')} (a bug in clinic-site): ${message}`);
        state.errors = [{ title: 'Internal error', message: error instanceof Error ? error.message : String(error), hint: 'this is a bug in clinic-site, not in your content', file: undefined, line: undefined, column: undefined, frame: [] }];
      } else {
        log(`\n${found.map((e) => formatError(root, e, color)).join('\n\n')}\n${c.red('✗')} ${found.length} problem${found.length === 1 ? '' : 's'}; still serving the last good build.`);
        state.errors = found.map((e) => overlayError(root, e));
      }
      broadcast(state, 'build-error', state.errors);
    }
  };
}

/** Answers a request from the last good build: the event stream, the reload client, or a file (the 404 page for none). */
function handleRequest(state: ServerState, request: IncomingMessage, response: ServerResponse): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
    return;
  }
  const pathname = (request.url ?? '/').split('?')[0]!.split('#')[0]!;
  if (pathname === devEventsPath) {
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    response.write(': connected\n\n');
    if (state.errors) response.write(`event: build-error\ndata: ${JSON.stringify(state.errors)}\n\n`);
    state.clients.add(response);
    request.on('close', () => state.clients.delete(response));
    return;
  }
  if (pathname === devClientPath) {
    response.writeHead(200, { 'Content-Type': types['.js']!, 'Cache-Control': 'no-store' }).end(request.method === 'HEAD' ? undefined : devClientSource);
    return;
  }
  const file = resolveRequest(state.files, pathname);
  const served = file ?? '404.html';
  let body: Uint8Array | string | undefined = state.files.get(served);
  if (body === undefined) body = state.errors ? '<!doctype html><title>Build error</title><body></body>' : 'Not found';
  const type = types[extname(served)] ?? 'application/octet-stream';
  if (type.startsWith('text/html')) body = injectClient(typeof body === 'string' ? body : Buffer.from(body).toString('utf8'));
  response.writeHead(file ? 200 : 404, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** This computer's IPv4 addresses on its networks (for `--host` alone: open the preview on a phone). */
function networkAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => i!.address);
}

/** How many ports after a busy one `serve` tries before it gives up. */
const portTries = 20;

/**
 * Starts listening on `port`, or on the next free one when it is taken (as Vite and Astro do);
 * resolves to the port. Every way it can fail is a SiteError that says what to pass instead.
 */
async function listen(server: Server, port: number, host: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port + attempt, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as AddressInfo).port;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE' && port !== 0 && attempt + 1 < portTries && port + attempt < 65535) continue;
      throw problems.serveError(code, port, port + attempt, host);
    }
  }
}

/** Adds the reload client to an HTML page (never to build output). */
function injectClient(html: string): string {
  const tag = `<script src="${devClientPath}" defer></script>`;
  return html.includes('</body>') ? html.replace('</body>', `${tag}</body>`) : html + tag;
}

function openBrowser(url: string): void {
  const command = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'cmd' : 'xdg-open';
  const args = process.platform === 'win32' ? ['/c', 'start', '', url] : [url];
  try {
    spawn(command, args, { stdio: 'ignore', detached: true }).on('error', () => undefined).unref();
  } catch {
    // No browser to open: the URL is printed anyway.
  }
}
