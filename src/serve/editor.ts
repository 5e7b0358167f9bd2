/**
 * The browser editor in the dev server, at /admin/: its page, configuration and script; its saves, passed to
 * Decap's local backend (decap-server, started on first use on a free port of 127.0.0.1 and stopped with the
 * server) only when they stay in content/ and public/images/; and its previews, built from unsaved entries.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type RequestOptions } from 'node:http';
import type { ServerResponse } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  adminPage,
  editorContentSecurityPolicy,
  editorPackages,
  editorScript,
  generatorFolder,
  hideWrapperScript,
} from '../authoring/cms/admin-files.ts';
import { cmsConfig } from '../authoring/cms-config.ts';
import { checkedRequest } from './editor-requests.ts';
import { previewer, type Previewer, type UnsavedPhoto } from './editor-preview.ts';

/** The editor's part of the dev server. */
export interface EditorRoutes {
  /** Answers a request under /admin/; false for any other path. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  close(): Promise<void>;
}

/** How the editor runs: the project, the server's address, how a page path finds its file, and where the editor's packages are. */
export interface EditorOptions {
  root: string;
  url: string;
  resolve: (files: ReadonlyMap<string, Uint8Array>, page: string) => string | undefined;
  /** The folder whose node_modules hold Decap (the generator's own unless told). */
  from?: string | undefined;
  log: (line: string) => void;
}

const base = '/admin/';
const apiPath = '/admin/api/v1';
const previewPath = '/admin/preview';

/** The editor's routes for a dev server. */
export function editorRoutes(options: EditorOptions): EditorRoutes {
  const from = options.from ?? generatorFolder();
  const packages = editorPackages(from);
  let backend: Promise<LocalBackend> | undefined;
  let previews: Previewer | undefined;

  const handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path !== '/admin' && !path.startsWith(base)) return false;
    if (!isLoopback(request)) return reply(response, 403, 'text/plain', 'The editor answers only on this computer (127.0.0.1).\n');
    if ('missing' in packages) return reply(response, 503, 'text/plain; charset=utf-8', `${packages.missing}\n`);
    if (path === '/admin') return redirect(response, base);
    if (request.method === 'POST' && path === apiPath) {
      void passOn(request, response, (backend ??= startBackend(options.root, packages.decapServer, options.log)));
      return true;
    }
    if (request.method === 'POST' && path === previewPath) {
      void answerPreview(request, response, (previews ??= previewer(options.root, options.url, options.resolve)));
      return true;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(response, 405, 'text/plain', 'Method not allowed\n');
    void serveFile(path, response, from, options.root).catch((error: unknown) => {
      reply(response, 500, 'text/plain; charset=utf-8', `The editor could not be prepared: ${(error as Error).message}\n`);
    });
    return true;
  };

  return {
    handle,
    async close() {
      await previews?.close();
      if (backend) (await backend.catch(() => undefined))?.stop();
    },
  };
}

/** The page, configuration and script of the editor. */
async function serveFile(path: string, response: ServerResponse, from: string, root: string): Promise<void> {
  const script = await editorScript(from);
  const csp = { 'Content-Security-Policy': editorContentSecurityPolicy(false) };
  if (path === base || path === `${base}index.html`) {
    const site = await readFile(join(root, 'content', 'site.yaml'), 'utf8').catch(() => '');
    const siteName = /^name:\s*(.+)$/m.exec(site)?.[1] ?? 'the clinic';
    reply(response, 200, 'text/html; charset=utf-8', adminPage({ script: script.file, preview: previewPath, siteName }), csp);
  } else if (path === `${base}config.json`) {
    const config = cmsConfig({ name: 'proxy', proxy_url: apiPath, branch: 'main' });
    reply(response, 200, 'application/json; charset=utf-8', JSON.stringify(config));
  } else if (path === `${base}${script.file}`) {
    reply(response, 200, 'text/javascript; charset=utf-8', script.bytes);
  } else if (path === `${base}hide-wrapper.js`) {
    reply(response, 200, 'text/javascript; charset=utf-8', hideWrapperScript);
  } else {
    reply(response, 404, 'text/plain', 'Not found\n');
  }
}

/** Builds the preview of an unsaved entry: `{ file, text, page }` in, the page or the build's problems out. */
async function answerPreview(request: IncomingMessage, response: ServerResponse, previews: Previewer): Promise<void> {
  try {
    type Asked = { file?: unknown; text?: unknown; page?: unknown; photos?: unknown };
    const body = JSON.parse((await bodyOf(request)).toString('utf8')) as Asked;
    const { file, text, page } = body;
    const photos = (Array.isArray(body.photos) ? body.photos : []).filter((p): p is UnsavedPhoto => {
      return typeof (p as UnsavedPhoto).path === 'string' && typeof (p as UnsavedPhoto).content === 'string';
    });
    const named = typeof file === 'string' && /^content\/[\w./-]+\.(ya?ml|md)$/.test(file) && !file.includes('..');
    if (!named || typeof text !== 'string' || typeof page !== 'string') {
      const problem = { title: 'Bad preview', message: 'a preview names a content file, its text and a page' };
      reply(response, 422, 'application/json', JSON.stringify({ errors: [problem] }));
      return;
    }
    reply(response, 200, 'application/json; charset=utf-8', JSON.stringify(await previews.preview(file as string, text, page, photos)));
  } catch (error) {
    reply(response, 500, 'application/json', JSON.stringify({ errors: [{ title: 'Internal error', message: (error as Error).message }] }));
  }
}

/** decap-server as a child process, on its own port. */
interface LocalBackend {
  port: number;
  stop(): void;
}

/**
 * Starts decap-server on a free port of 127.0.0.1, working on the project (its own check keeps every path inside
 * it; ours keeps writes to content/ and public/images/). No browser may call it directly (ORIGIN names none).
 */
async function startBackend(root: string, script: string, log: (line: string) => void): Promise<LocalBackend> {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    BIND_HOST: '127.0.0.1',
    MODE: 'fs',
    GIT_REPO_DIRECTORY: root,
    ORIGIN: 'http://editor.invalid',
    LOG_LEVEL: 'warn',
  };
  const child: ChildProcess = spawn(process.execPath, [script], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderr?.on('data', (chunk: Buffer) => log(`decap-server: ${chunk.toString('utf8').trim()}`));
  const stop = () => void (child.exitCode === null && child.kill());
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`decap-server stopped (exit code ${child.exitCode})`);
    if (await answers(port)) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error('decap-server did not start within 15 s');
}

/** Whether decap-server answers its info request. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ action: 'info' });
    const call = httpRequest(backendCall(port, Buffer.byteLength(body)), (answer) => {
      answer.resume();
      resolve(answer.statusCode === 200);
    });
    call.on('error', () => resolve(false));
    call.end(body);
  });
}

/** Passes a checked request of the editor on to decap-server, and its answer back. */
async function passOn(request: IncomingMessage, response: ServerResponse, backend: Promise<LocalBackend>): Promise<void> {
  try {
    const body = await bodyOf(request);
    const refused = checkedRequest(body);
    if (refused) return void reply(response, 422, 'application/json', JSON.stringify({ error: refused }));
    const { port } = await backend;
    const call = httpRequest(backendCall(port, body.length), (answer) => {
      const type = answer.headers['content-type'] ?? 'application/json';
      response.writeHead(answer.statusCode ?? 502, { 'Content-Type': type, 'Cache-Control': 'no-store' });
      answer.pipe(response);
    });
    call.on('error', (error) => {
      reply(response, 502, 'application/json', JSON.stringify({ error: `the local backend did not answer: ${error.message}` }));
    });
    call.end(body);
  } catch (error) {
    reply(response, 500, 'application/json', JSON.stringify({ error: (error as Error).message }));
  }
}

/** A JSON request to decap-server's API. */
function backendCall(port: number, length: number): RequestOptions {
  const headers = { 'Content-Type': 'application/json', 'Content-Length': length };
  return { host: '127.0.0.1', port, path: '/api/v1', method: 'POST', headers };
}

/** The body of a request, up to 60 MB (decap-server takes 50 MB of JSON: photos are sent as base64). */
async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 60 * 2 ** 20) throw new Error('the request is too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function isLoopback(request: IncomingMessage): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** Sends a whole answer, revalidated by its ETag; `headers` adds to the usual ones. */
function reply(response: ServerResponse, status: number, type: string, body: string | Uint8Array, headers: OutgoingHttpHeaders = {}) {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': bytes.length,
    'Cache-Control': 'no-cache',
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(bytes);
  return true;
}

function redirect(response: ServerResponse, to: string): true {
  response.writeHead(301, { Location: to }).end();
  return true;
}
