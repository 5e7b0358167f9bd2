/** The browser tests' site: a small static server for a built folder (/route → route/index.html, unknown paths → 404.html) and Chromium. */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/writer.ts';
import { projectRoot } from '../helpers.ts';

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

/** The built site, served, and one Chromium to look at it with. */
export interface ServedSite {
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Builds the real content/ into a temporary folder, serves it on 127.0.0.1 and launches Debian's
 * Chromium (or CHROMIUM_PATH) headless with the flags a closed network needs; never downloads one.
 */
export async function servedSite(): Promise<ServedSite> {
  const out = join(await mkdtemp(join(tmpdir(), 'clinic-browser-')), 'dist');
  await build({ root: projectRoot, writer: diskWriter(out, projectRoot) });
  const server = await serve(out);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    browser,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await rm(join(out, '..'), { recursive: true, force: true });
    },
  };
}
