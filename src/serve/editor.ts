/**
 * The browser editor in the dev server, at /admin/: its page, configuration and script; its backend (Decap's local
 * backend protocol, answered here: editor-backend.ts), which writes only the editor's own files; and its previews,
 * built from unsaved entries. Whatever reads or changes files answers only the editor's page (editor-guard.ts).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  adminPage,
  placesFile,
  editorContentSecurityPolicy,
  editorScript,
  generatorFolder,
  hideWrapperScript,
  missingEditor,
} from '../authoring/cms/admin-files.ts';
import { cmsConfig } from '../authoring/cms-config.ts';
import { withSpanish, withSpanishOf } from '../authoring/cms-spanish.ts';
import { spanishVersionsFile } from '../authoring/cms/spanish-versions.ts';
import { spanishVersions } from '../authoring/cms-spanish-versions.ts';
import { entryPlaces } from '../authoring/places.ts';
import { loadContent } from '../load/content.ts';
import { localBackend } from './editor-backend.ts';
import { bodyOf, closeAfter, editorRequestProblem, newSecret } from './editor-guard.ts';
import { editorPlaces, entryProblem, pictureProblem, type EditorPlaces } from './editor-requests.ts';
import { previewer, removeStalePreviews, type Previewer, type UnsavedPhoto } from './editor-preview.ts';
import { saveCheck } from './save-check.ts';
import type { OverlayError } from '../report.ts';

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
  /** The problems of the site as served now (its last build failed), which a save is not refused for. */
  served?: () => OverlayError[] | undefined;
  /** The files of the last good build: the pages the editor's "Shown on" may name. */
  built?: () => ReadonlyMap<string, Uint8Array>;
}

const base = '/admin/';
const apiPath = '/admin/api/v1';
const previewPath = '/admin/preview';

/** The editor's routes for a dev server. */
export function editorRoutes(options: EditorOptions): EditorRoutes {
  const from = options.from ?? generatorFolder();
  const missing = missingEditor(from);
  // One secret a run: the editor's page holds it, and every request that reads or changes files must carry it.
  const secret = newSecret();
  const places = editorPlaces();
  let previews: Previewer | undefined;
  const previewsOf = () => (previews ??= previewer(options.root, options.url, options.resolve));
  // A save is written only when the site builds with it (in the preview's copy); the site's problems of before aside.
  const backend = localBackend(options.root, places, saveCheck(async (writes, removed) => {
    const before = new Set((options.served?.() ?? []).map(sameProblem));
    return (await previewsOf().problemsWith(writes, removed)).filter((problem) => !before.has(sameProblem(problem)));
  }));
  void removeStalePreviews();

  const handle = (request: IncomingMessage, response: ServerResponse): boolean => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path !== '/admin' && !path.startsWith(base)) return false;
    if (!isLoopback(request)) return reply(response, 403, 'text/plain', 'The editor answers only on this computer (127.0.0.1).\n');
    if (missing) return reply(response, 503, 'text/plain; charset=utf-8', `${missing}\n`);
    if (path === '/admin') return redirect(response, base);
    if (path === apiPath || path === previewPath) {
      // Decap reads `{ error }`; the preview reads `{ errors: [{ title, message }] }`.
      const refuse = (status: number, line: string, problems?: unknown) => {
        const preview = { errors: [{ title: 'The preview could not be built', message: line }] };
        const body = path === apiPath ? { error: line, ...(problems ? { problems } : {}) } : preview;
        return reply(response, status, 'application/json; charset=utf-8', JSON.stringify(body));
      };
      if (request.method !== 'POST') return refuse(405, 'the editor sends its requests with POST');
      const problem = editorRequestProblem(request, secret);
      if (problem) return refuse(403, problem);
      void answerEditor(request, path === apiPath ? backend : previewsOf())
        .catch((error: unknown) => {
          options.log(`The editor's request failed: ${(error as Error).message}`);
          return { status: 500, body: { error: (error as Error).message } };
        })
        .then(({ status, body }) => {
          if (status === 413) closeAfter(request, response);
          if (status < 400) return reply(response, status, 'application/json; charset=utf-8', JSON.stringify(body));
          const { error, problems } = body as { error: string; problems?: unknown };
          return refuse(status, error, problems);
        });
      return true;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply(response, 405, 'text/plain', 'Method not allowed\n');
    void serveFile(path, response, from, options, secret).catch((error: unknown) => {
      reply(response, 500, 'text/plain; charset=utf-8', `The editor could not be prepared: ${(error as Error).message}\n`);
    });
    return true;
  };

  return {
    handle,
    async close() {
      await previews?.close();
    },
  };

  /** Reads a request of the editor (JSON, within the size limit) and hands it to the backend, or to the previewer. */
  async function answerEditor(request: IncomingMessage, to: Previewer | typeof backend): Promise<{ status: number; body: unknown }> {
    const bytes = await bodyOf(request);
    if (!bytes) return { status: 413, body: { error: 'the request is too large (50 MB at most: choose a smaller photo)' } };
    let asked: unknown;
    try {
      asked = JSON.parse(bytes.toString('utf8'));
    } catch {
      return { status: 400, body: { error: 'the request is not JSON' } };
    }
    if (typeof asked !== 'object' || asked === null || Array.isArray(asked)) {
      return { status: 400, body: { error: 'the request is not a JSON object' } };
    }
    if (typeof to === 'function') return to(asked);
    return answerPreview(asked as Record<string, unknown>, to, places);
  }
}

/** The page, configuration and script of the editor. */
async function serveFile(path: string, response: ServerResponse, from: string, options: EditorOptions, secret: string): Promise<void> {
  const { root } = options;
  const script = await editorScript(from);
  const csp = { 'Content-Security-Policy': editorContentSecurityPolicy(false) };
  if (path === base || path === `${base}index.html`) {
    const site = await readFile(join(root, 'content', 'site.yaml'), 'utf8').catch(() => '');
    const siteName = /^name:\s*(.+)$/m.exec(site)?.[1] ?? 'the clinic';
    // The page holds the secret: it is never stored by the browser, and only a page of this origin can read it.
    const page = adminPage({ script: script.file, preview: previewPath, secret, siteName });
    reply(response, 200, 'text/html; charset=utf-8', page, { ...csp, 'Cache-Control': 'no-store' });
  } else if (path === `${base}config.json`) {
    // With the Spanish collections, read from the content as it is now (which entries are out of date).
    const config = await withSpanish(cmsConfig({ name: 'proxy', proxy_url: apiPath, branch: 'main' }), root);
    reply(response, 200, 'application/json; charset=utf-8', JSON.stringify(config));
  } else if (path === `${base}${spanishVersionsFile}`) {
    // The Spanish entries as the content is now: a save of English text names the Spanish entry to update.
    const content = await loadContent(root).catch(() => undefined);
    const config = content && withSpanishOf(cmsConfig({ name: 'proxy', proxy_url: apiPath, branch: 'main' }), content);
    reply(response, 200, 'application/json; charset=utf-8', JSON.stringify(content && config ? spanishVersions(content, config) : []));
  } else if (path === `${base}${placesFile}`) {
    // Where each entry shows, from the content as it is now and the pages of the last good build.
    const content = await loadContent(root).catch(() => undefined);
    const files = options.built?.() ?? new Map<string, Uint8Array>();
    const places = content ? entryPlaces(content, (page) => options.resolve(files, page) !== undefined) : {};
    reply(response, 200, 'application/json; charset=utf-8', JSON.stringify(places));
  } else if (path === `${base}${script.file}`) {
    reply(response, 200, 'text/javascript; charset=utf-8', script.bytes);
  } else if (path === `${base}hide-wrapper.js`) {
    reply(response, 200, 'text/javascript; charset=utf-8', hideWrapperScript);
  } else {
    reply(response, 404, 'text/plain', 'Not found\n');
  }
}

/** Builds the preview of an unsaved entry: `{ file, text, page, photos }` in, the page or the build's problems out. */
async function answerPreview(asked: Record<string, unknown>, previews: Previewer, places: EditorPlaces) {
  const { file, text, page } = asked;
  const photos = Array.isArray(asked.photos) ? (asked.photos as UnsavedPhoto[]) : [];
  const named = typeof text === 'string' && typeof page === 'string' && page.startsWith('/');
  const problem =
    entryProblem(places, file) ??
    (named ? undefined : 'a preview names a page and the text of its file') ??
    photos.map((p) => (typeof p?.content === 'string' ? pictureProblem(places, p.path) : 'a photo is sent in base64')).find(Boolean);
  if (problem) return { status: 400, body: { error: problem } };
  return { status: 200, body: await previews.preview(file as string, text as string, page as string, photos) };
}

/** A problem told apart by its place and words (the same problem in the served site and in a save's build). */
function sameProblem({ file, line, message }: OverlayError): string {
  return `${file ?? ''}:${line ?? ''} ${message}`;
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
