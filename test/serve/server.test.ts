/** The dev server on port 0 in a temporary copy: reloads, template edits, error overlay, recovery, safety. */
import { copyFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveRequest, serve, type DevServer } from '../../src/serve/server.ts';
import { editFile, removeProject, tempProject } from '../helpers.ts';

let dir: string;
let server: DevServer;

beforeAll(async () => {
  dir = await tempProject();
  server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
});
afterAll(async () => {
  await server?.close();
  await removeProject(dir);
});

/** What `get` reads of a response. */
interface Answer {
  status: number;
  body: string;
  type: string | undefined;
  etag: string | undefined;
}

/** A raw HTTP request, so paths are sent exactly as written (no client-side normalisation). */
function get(path: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, type: res.headers['content-type'], etag: res.headers.etag }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Opens an event stream and resolves once the server has accepted it; `arrived` then resolves with
 * the first event named `name` after which `until` holds (an earlier save may still be reloading
 * pages), or rejects after `timeoutMs`.
 */
function nextEvent(name: string, options: { timeoutMs?: number; until?: () => Promise<boolean> } = {}): Promise<{ arrived: Promise<{ event: string; data: string }> }> {
  const { timeoutMs = 15_000, until = async () => true } = options;
  const url = new URL('/__clinic/events', server.url);
  return new Promise((connected, failed) => {
    let found: (value: { event: string; data: string }) => void;
    let late: (error: Error) => void;
    const arrived = new Promise<{ event: string; data: string }>((resolve, reject) => {
      found = resolve;
      late = reject;
    });
    const timer = setTimeout(() => {
      req.destroy();
      late(new Error(`no ${name} event within ${timeoutMs} ms`));
    }, timeoutMs);
    let checks = Promise.resolve();
    const req = request(url, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const blocks = buffer.split('\n\n');
        buffer = blocks.pop()!;
        for (const block of blocks) {
          if (block.startsWith(': connected')) connected({ arrived });
          const event = /^event: (.*)$/m.exec(block)?.[1];
          if (event !== name) continue;
          const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
          checks = checks.then(async () => {
            if (!(await until())) return;
            clearTimeout(timer);
            req.destroy();
            found({ event, data });
          });
        }
      });
    });
    req.on('error', (error) => failed(error));
    req.end();
  });
}

describe('serve', () => {
  it('should serve the built pages with the reload client injected', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    expect(home.type).toContain('text/html');
    expect(home.body).toContain('<script src="/__clinic/client.js" defer></script>');
    expect((await get('/process')).status).toBe(200);
    expect((await get('/process/')).status).toBe(200);
    const client = await get('/__clinic/client.js');
    expect(client.body).toContain('EventSource');
  });

  it('should answer 304 to a browser that holds the page, and the page to one that holds another version', async () => {
    const page = await get('/process');
    expect(page.etag).toMatch(/^"[\w-]+"$/);
    const held = await get('/process', 'GET', { 'If-None-Match': page.etag! });
    expect(held.status).toBe(304);
    expect(held.body).toBe('');
    const stale = await get('/process', 'GET', { 'If-None-Match': '"an-older-build"' });
    expect(stale.status).toBe(200);
    expect(stale.body).toBe(page.body);
  });

  it('should answer unknown paths with the 404 page and status 404', async () => {
    const missing = await get('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('404 Page Not Found');
    // Under /es/, the Spanish not-found page, as Cloudflare Pages answers (and Netlify, from the line of _redirects).
    const spanish = await get('/es/no/such/page');
    expect(spanish.status).toBe(404);
    expect(spanish.body).toContain('<html lang="es"');
    expect(spanish.body).toBe((await get('/es/404.html')).body);
    expect((await get('/esnope')).body).toContain('<html lang="en"');
  });

  it('should never serve anything outside the output for .. in a path', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/blog/..%2f..%2fpackage.json', '/..%5cpackage.json', '/%2e%2e%2f%2e%2e%2fetc/passwd']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body).not.toContain('"name": "clinic-site"');
    }
    expect(resolveRequest(new Map([['index.html', new Uint8Array()]]), '/../index.html')).toBeUndefined();
  });

  it('should serve only GET and HEAD', async () => {
    expect((await get('/', 'POST')).status).toBe(405);
    expect((await get('/', 'DELETE')).status).toBe(405);
    const head = await get('/', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('should rebuild after an article is saved, send a reload event and serve the new HTML', async () => {
    const reload = (await nextEvent('reload', { until: async () => (await get('/blog/why-we-started/')).body.includes('A Freshly Edited Title') })).arrived;
    await editFile(dir, 'content/blog/why-we-started.md', /^title: .*$/m, 'title: "A Freshly Edited Title"');
    await reload;
    const page = await get('/blog/why-we-started/');
    expect(page.body).toContain('A Freshly Edited Title');
  });

  it('should show an edited template without a restart', async () => {
    const reload = (await nextEvent('reload', { until: async () => (await get('/404')).body.includes('data-edited="yes"') })).arrived;
    await editFile(dir, 'templates/pages/NotFound.tsx', '<h1', '<h1 data-edited="yes"');
    await reload;
    expect((await get('/404')).body).toContain('data-edited="yes"');
  });

  it('should keep serving the last good build and report the broken file and line, then recover', async () => {
    const broken = (await nextEvent('build-error')).arrived;
    await editFile(dir, 'content/process.yaml', /^heading: .*$/m, 'headng: Our Process');
    const event = await broken;
    const errors = JSON.parse(event.data) as { file: string; line: number; message: string; frame: { marked: boolean; text: string }[] }[];
    const unknown = errors.find((e) => e.message.includes('headng'))!;
    expect(unknown.file).toBe('content/process.yaml');
    expect(unknown.line).toBe(2);
    expect(unknown.frame.find((l) => l.marked)?.text).toBe('headng: Our Process');
    expect((await get('/process')).status).toBe(200);
    expect(server.errors()?.length).toBeGreaterThan(0);
    // A page opened while the build is broken gets the overlay data as soon as it connects.
    const replay = await (await nextEvent('build-error', { timeoutMs: 5000 })).arrived;
    expect(replay.data).toContain('content/process.yaml');

    const recovered = (await nextEvent('build-ok')).arrived;
    await editFile(dir, 'content/process.yaml', /^headng: .*$/m, 'heading: Our Process');
    await recovered;
    expect(server.errors()).toBeUndefined();
  });

  it('should add a new article, report one saved broken, and drop one that is deleted', async () => {
    const article = (title: string) => `---\ntitle: "${title}"\nexcerpt: A short note.\nauthor: Test Author\npublishDate: "2024-01-02"\ncategory: Wellness\n---\n\nSome text.\n`;
    const added = (await nextEvent('reload', { until: async () => (await get('/blog/a-new-note/')).status === 200 })).arrived;
    await writeFile(join(dir, 'content/blog/a-new-note.md'), article('A New Note'));
    await added;
    expect((await get('/blog/a-new-note/')).body).toContain('A New Note');
    expect((await get('/blog/')).body).toContain('A New Note');

    // A second new file with a mistake: reported with its file, and the first stays.
    const broken = (await nextEvent('build-error')).arrived;
    await writeFile(join(dir, 'content/blog/a-broken-note.md'), article('Broken').replace('publishDate: "2024-01-02"', 'publishDate: "2024-02-31"'));
    expect((await broken).data).toContain('content/blog/a-broken-note.md');
    const fixed = (await nextEvent('build-ok')).arrived;
    await writeFile(join(dir, 'content/blog/a-broken-note.md'), article('A Fixed Note'));
    await fixed;
    expect((await get('/blog/a-broken-note/')).body).toContain('A Fixed Note');

    const removed = (await nextEvent('reload', { until: async () => (await get('/blog/a-new-note/')).status === 404 })).arrived;
    await rm(join(dir, 'content/blog/a-new-note.md'));
    await removed;
    expect((await get('/blog/a-new-note/')).status).toBe(404);
    expect((await get('/blog/')).body).not.toContain('A New Note');
  });

  it('should publish an image saved beside an article, and its new version when it is saved again', async () => {
    const shown = (await nextEvent('reload', { until: async () => (await get('/blog/hrt-glow-up/')).body.includes('/assets/img/blog-glow-beside-') })).arrived;
    await copyFile(join(dir, 'public/images/blog/hrt-glow-up.png'), join(dir, 'content/blog/glow-beside.png'));
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: glow-beside.png');
    await shown;
    const first = /\/assets\/img\/blog-glow-beside-480-\w+\.avif/.exec((await get('/blog/hrt-glow-up/')).body)![0];
    expect((await get(first)).status).toBe(200);

    // Only the picture changes: the page offers its new variants.
    const replaced = (await nextEvent('reload', { until: async () => !(await get('/blog/hrt-glow-up/')).body.includes(first) })).arrived;
    await copyFile(join(dir, 'public/images/blog/why-we-started.png'), join(dir, 'content/blog/glow-beside.png'));
    await replaced;
    expect((await get('/images/blog/glow-beside.png')).status).toBe(200);
  });
});
