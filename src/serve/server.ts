/** The dev server: builds into memory, serves the last good build, rebuilds on change, reloads the browser. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, posix } from 'node:path';
import { build } from '../build.ts';
import { emptyMemo } from '../incremental/memo.ts';
import { servedIndex, type SearchMemo } from '../incremental/search.ts';
import { indexFolder } from '../search/pagefind.ts';
import { devClientPath, devClientSource, devEventsPath } from './dev-client.ts';
import { editorRoutes, type EditorRoutes } from './editor.ts';
import { hostCheck, networkAddresses, otherHostLine } from './hosts.ts';
import { problems, userErrors } from '../errors.ts';
import { briefWarning, formatError, overlayError, palette, type OverlayError } from '../report.ts';
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
  /** The folder whose node_modules hold the browser editor (the generator's own unless told). */
  editorFrom?: string;
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

/** What the server holds between builds: the last good build's files and search index, its errors, and the browsers listening. */
interface ServerState {
  files: Map<string, Uint8Array>;
  /** What the last good build's search index is made from: it is made on the first request for it (see servedIndex). */
  search: SearchMemo | undefined;
  errors: OverlayError[] | undefined;
  clients: Set<ServerResponse>;
  /** The response made for each path served, with the bytes of the build it was made from. */
  responses: Map<string, PreparedResponse>;
}

/** A response made once and sent as it is: the bytes (pages with the reload client added) and their headers. */
interface PreparedResponse {
  /** The build's bytes it was made from: when the path's bytes are others, it is made again. */
  source: Uint8Array;
  body: Buffer;
  etag: string;
  headers: OutgoingHttpHeaders;
}

/**
 * Node 20 accepts one new connection per turn of its event loop (libuv 1.45+), so a turn that serves
 * many requests holds every new connection back: a request must cost no more than sending bytes made once.
 * Headers sent slowly hold a connection 10 s at most (Node: 60 s, checked every 30 s); the event
 * stream is not cut, as its request is complete when its headers are.
 */
const serverOptions = { headersTimeout: 10_000, requestTimeout: 30_000, connectionsCheckingInterval: 1_000 };

/** Starts the dev server; resolves once the first build has finished (whether it passed or not). */
export async function serve(options: ServeOptions): Promise<DevServer> {
  const c = palette(options.color ?? false);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const state: ServerState = { files: new Map(), search: undefined, errors: undefined, clients: new Set(), responses: new Map() };
  // The browser editor at /admin/ (src/serve/editor.ts) answers its own paths first.
  let editor: EditorRoutes | undefined;
  const ours = hostCheck(options.host);
  const server = createServer(serverOptions, (request, response) => {
    // A request addressed to another name (DNS rebinding: a page of another site, pointed at this computer) is never answered.
    if (!ours(request)) return void response.writeHead(421, { 'Content-Type': 'text/plain; charset=utf-8' }).end(otherHostLine);
    if (!editor?.handle(request, response)) handleRequest(state, request, response);
  });
  const port = await listen(server, options.port, options.host);
  if (options.port !== 0 && port !== options.port)
    log(`${c.yellow('!')} port ${options.port} is busy (another preview is probably running there); using port ${port} instead`);
  const address = server.address() as AddressInfo;
  const everywhere = address.address === '0.0.0.0' || address.address === '::';
  const host = everywhere ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${host}:${address.port}`;
  const [served, built] = [() => state.errors, () => state.files];
  editor = editorRoutes({ root: options.root, url, resolve: resolveRequest, log, from: options.editorFrom, served, built });

  // The first build's lines wait until the address is printed: the address is what the author looks for, so it comes first.
  let held: string[] | undefined = [];
  const rebuild = rebuilder(options, state, url, (line) => (held ? held.push(line) : log(line)));
  await rebuild();
  const lost = (why: string) => log(`${c.red('✗')} the file watcher stopped (${why}), so saves are no longer built: start serve again`);
  const stop = async () => {
    await editor?.close();
    for (const client of state.clients) client.end();
    state.clients.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const watcher: Watcher = await watch(options.root, (changed) => rebuild(changed), lost).catch(async (error: unknown) => {
    // Nothing would be built again: the server stops, and the author is told why.
    await stop();
    throw error;
  });
  log(`${c.bold('clinic-site')} serving ${c.cyan(url)} ${c.dim('(drafts shown; Ctrl+C stops)')}`);
  log(`  edit in the browser at ${c.cyan(`${url}/admin/`)}`);
  if (everywhere) for (const address of networkAddresses()) log(`  on your network: ${c.cyan(`http://${address}:${port}`)}`);
  for (const line of held) log(line);
  held = undefined;
  if (options.open) openBrowser(url);

  return {
    url,
    errors: () => state.errors,
    idle: () => watcher.idle(),
    async close() {
      await watcher.close();
      await stop();
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
function rebuilder(
  options: ServeOptions,
  state: ServerState,
  url: string,
  log: (line: string) => void,
): (changed?: Set<string>) => Promise<void> {
  const { root } = options;
  const color = options.color ?? false;
  const c = palette(color);
  // One writer and one memo for the whole session: unchanged pages are taken over, not rendered again.
  const writer = memoryWriter();
  const memo = emptyMemo();
  // A warning is printed once a session, on one line, not again on every save: the set only grows, so a build that
  // did not report it (a failed one) cannot make the next build print it again.
  const shown = new Set<string>();
  // The problems the last failed build printed: a rebuild that finds the same ones (another file saved, or an editor
  // that writes a file twice) says so in one line instead of printing every message and code frame again.
  let printed: string | undefined;
  return async (changed?: Set<string>) => {
    try {
      const before = new Map(state.files);
      const result = await build({ root, writer, drafts: true, baseUrl: url, memo, ...(changed ? { changed } : {}) });
      state.files = writer.files;
      state.search = memo.search;
      const wasBroken = state.errors !== undefined;
      state.errors = undefined;
      printed = undefined;
      const what = changed ? ` after ${[...changed].slice(0, 3).join(', ')}${changed.size > 3 ? ', …' : ''}` : '';
      log(`${c.green('✓')} built ${result.pages} pages (${result.rendered} rendered) in ${Math.round(result.elapsedMs)} ms${what}`);
      // A renamed article leaves its old address behind: say so while the author is still at it.
      for (const warning of result.warnings) if (!shown.has(warning)) log(`${c.yellow('!')} ${briefWarning(warning)}`);
      for (const warning of result.warnings) shown.add(warning);
      if (wasBroken) broadcast(state, 'build-ok', {});
      // The files this build changed, so that a page patches itself only when its own HTML changed.
      broadcast(state, 'reload', { files: changedFiles(before, state.files) });
    } catch (error) {
      const found = userErrors(error);
      if (!found) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        log(`${c.red('Internal error')} (a bug in clinic-site): ${message}`);
        state.errors = [
          {
            title: 'Internal error',
            message: error instanceof Error ? error.message : String(error),
            hint: 'this is a bug in clinic-site, not in your content',
            file: undefined,
            line: undefined,
            column: undefined,
            frame: [],
          },
        ];
      } else {
        const text = found.map((e) => formatError(root, e, color)).join('\n\n');
        const count = `${found.length} problem${found.length === 1 ? '' : 's'}`;
        if (text === printed) log(`${c.red('✗')} the same ${count} as above; still serving the last good build.`);
        else log(`\n${text}\n${c.red('✗')} ${count}; still serving the last good build.`);
        printed = text;
        state.errors = found.map((e) => overlayError(root, e));
      }
      broadcast(state, 'build-error', state.errors);
    }
  };
}

/** The most files a reload event names; past it, every page looks at its own HTML again (null). */
const maxNamedFiles = 200;

/** The paths of the files that differ between two builds (added, removed or with other bytes), or null when there are many. */
function changedFiles(before: ReadonlyMap<string, Uint8Array>, after: ReadonlyMap<string, Uint8Array>): string[] | null {
  const changed: string[] = [];
  for (const [file, bytes] of after) {
    const was = before.get(file);
    if (was !== bytes && (was === undefined || Buffer.compare(was, bytes) !== 0)) changed.push(file);
  }
  for (const file of before.keys()) if (!after.has(file)) changed.push(file);
  return changed.length > maxNamedFiles ? null : changed;
}

/** Answers a request from the last good build: the event stream, the reload client, a file or a file of its index (else the 404 page). */
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
  if (pathname === devClientPath) return send(request, response, 200, devClientResponse);
  if (pathname.startsWith(`/${indexFolder}/`) && state.search) {
    servedIndex(state.search).then(
      (index) => sendFile(state, request, response, index, pathname),
      (error: unknown) => response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${(error as Error).message}\n`),
    );
    return;
  }
  sendFile(state, request, response, state.files, pathname);
}

/** Sends the file of `files` that answers the path, or the build's 404 page. */
function sendFile(
  state: ServerState,
  request: IncomingMessage,
  response: ServerResponse,
  files: ReadonlyMap<string, Uint8Array>,
  path: string,
): void {
  const file = resolveRequest(files, path);
  const served = file ?? notFoundPage(state.files, path);
  const bytes = file ? files.get(file) : state.files.get(served);
  if (bytes === undefined) return send(request, response, 404, state.errors ? brokenResponse : notFoundResponse);
  let prepared = state.responses.get(served);
  if (prepared?.source !== bytes) {
    prepared = prepare(served, bytes);
    state.responses.set(served, prepared);
  }
  send(request, response, file ? 200 : 404, prepared);
}

/** The not-found page nearest the path, as Cloudflare Pages finds it: es/404.html for /es/anything, else 404.html. */
function notFoundPage(files: ReadonlyMap<string, Uint8Array>, path: string): string {
  const folders = path.split('/').filter(Boolean);
  for (let n = folders.length; n > 0; n--) {
    const page = `${folders.slice(0, n).join('/')}/404.html`;
    if (files.has(page)) return page;
  }
  return '404.html';
}

/** Sends a prepared response, or 304 when the browser already holds these bytes. */
function send(request: IncomingMessage, response: ServerResponse, status: number, prepared: PreparedResponse): void {
  const held = request.headers['if-none-match'];
  if (status === 200 && held !== undefined && held.split(',').some((tag) => tag.trim().replace(/^W\//, '') === prepared.etag)) {
    response.writeHead(304, { ETag: prepared.etag, 'Cache-Control': 'no-cache' }).end();
    return;
  }
  response.writeHead(status, prepared.headers).end(request.method === 'HEAD' ? undefined : prepared.body);
}

/** Makes the response for a file of the build: pages get the reload client; every response is revalidated by its ETag. */
function prepare(file: string, source: Uint8Array): PreparedResponse {
  const type = types[extname(file)] ?? 'application/octet-stream';
  const bytes = Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  const body = type.startsWith('text/html') ? Buffer.from(injectClient(bytes.toString('utf8'))) : bytes;
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // no-cache, not no-store: the browser asks every time (a reload shows the new build) and gets 304 for what it holds.
  const headers = {
    'Content-Type': type,
    'Content-Length': body.length,
    ETag: etag,
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  return { source, body, etag, headers };
}

/** What is served when the build has no 404 page: a line, or a blank page the overlay draws on while the build is broken. */
const notFoundResponse = prepare('not-found.html', Buffer.from('Not found'));
const brokenResponse = prepare('build-error.html', Buffer.from('<!doctype html><title>Build error</title><body></body>'));
const devClientResponse = prepare('client.js', Buffer.from(devClientSource));

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
    spawn(command, args, { stdio: 'ignore', detached: true })
      .on('error', () => undefined)
      .unref();
  } catch {
    // No browser to open: the URL is printed anyway.
  }
}
