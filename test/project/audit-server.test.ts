/** The audit's static server: serves a built folder as a static host would, with the folder's own `_headers`. */
import { request } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFor, hostDefaultHeaders, parseHeadersFile, startStaticServer } from '../../scripts/audit/server.mjs';

const headersFile = `# comment
/*
  Content-Security-Policy: default-src 'self'
  X-Content-Type-Options: nosniff
  X-Robots-Tag: noindex

/assets/*
  Cache-Control: public, max-age=31536000, immutable
  X-Robots-Tag: nosnippet

/blog/:slug/
  X-Article: yes
`;

let parent: string;
let root: string;
let server: Awaited<ReturnType<typeof startStaticServer>>;

/** A raw GET (fetch would normalise `..` away before sending it). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const { port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), 'clinic-audit-server-'));
  root = join(parent, 'dist');
  await mkdir(join(root, 'process'), { recursive: true });
  await mkdir(join(root, 'assets'), { recursive: true });
  await mkdir(join(root, 'blog', 'first'), { recursive: true });
  await writeFile(join(root, 'index.html'), '<!doctype html><title>Home</title>');
  await writeFile(join(root, 'process', 'index.html'), '<!doctype html><title>Process</title>');
  await writeFile(join(root, 'blog', 'first', 'index.html'), '<!doctype html><title>First</title>');
  await writeFile(join(root, '404.html'), '<!doctype html><title>Not found</title>');
  await writeFile(join(root, 'assets', 'site-ABC123.css'), 'body { color: black }\n'.repeat(50));
  await writeFile(join(root, '_headers'), headersFile);
  // A file beside the served folder: must never be reachable.
  await writeFile(join(parent, 'secret.txt'), 'secret');
  server = await startStaticServer({ root });
});
afterAll(async () => {
  await server?.close();
  await rm(parent, { recursive: true, force: true });
});

describe('audit static server', () => {
  it('should serve a folder index for /route/ and /route', async () => {
    for (const path of ['/', '/process/', '/process']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
    }
    expect((await get('/process/')).body.toString()).toContain('<title>Process</title>');
  });

  it('should answer unknown paths with 404.html and status 404', async () => {
    for (const path of ['/nope', '/nope/deeper/', '/process/missing.html']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.toString(), path).toContain('<title>Not found</title>');
    }
  });

  it('should apply the _headers of every matching rule, joining repeated headers as Cloudflare Pages does', async () => {
    const page = await get('/process/');
    expect(page.headers['content-security-policy']).toBe("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    const asset = await get('/assets/site-ABC123.css');
    expect(asset.headers['content-security-policy']).toBe("default-src 'self'");
    expect(asset.headers['x-robots-tag']).toBe('noindex, nosnippet');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/blog/first/')).headers['x-article']).toBe('yes');
    expect((await get('/blog/')).headers['x-article']).toBeUndefined();
    // Without a Cache-Control in _headers, the hosts' default: revalidate every time.
    expect(page.headers['cache-control']).toBe(hostDefaultHeaders['cache-control']);
    // The 404 response carries the headers of the path asked for.
    expect((await get('/nope')).headers['content-security-policy']).toBe("default-src 'self'");
  });

  it('should parse detach lines and placeholders of the _headers format', () => {
    const rules = parseHeadersFile('/*\n  X-One: 1\n  X-Two: 2\n/open/*\n  ! X-One\n');
    expect(headersFor(rules, '/open/page')).toEqual({ 'x-two': '2' });
    expect(headersFor(rules, '/closed')).toEqual({ 'x-one': '1', 'x-two': '2' });
    expect(() => parseHeadersFile('  X-Orphan: 1\n')).toThrow(/line 1/);
  });

  it('should compress text when the client accepts it', async () => {
    const response = await get('/assets/site-ABC123.css', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.body).toString()).toContain('body { color: black }');
  });

  it('should not serve files outside the folder, nor its _headers', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/process/../../secret.txt', '/_headers', '/%00']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.toString(), path).not.toContain('secret');
    }
  });

  it('should refuse methods other than GET and HEAD', async () => {
    const { port } = new URL(server.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/', method: 'POST' }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(405);
  });
});
