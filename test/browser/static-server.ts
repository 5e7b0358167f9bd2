/**
 * The browser tests' site: the real content/ built and served by the audit's static server, which
 * behaves like a static host and applies the build's own `_headers` (so the pages run under the
 * real Content-Security-Policy), and one Chromium to look at it with.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startStaticServer } from '../../scripts/audit/server.mjs';
import { build } from '../../src/build.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { projectRoot } from '../helpers.ts';
import { realSite } from '../real-site.ts';

/** The built site, served, and one Chromium to look at it with. */
export interface ServedSite {
  origin: string;
  browser: Browser;
  close(): Promise<void>;
}

/**
 * Builds a project into a temporary folder (the real one is the run's one shared build, test/real-site.ts), serves it on
 * 127.0.0.1 and launches Debian's Chromium (or CHROMIUM_PATH) headless with the flags a closed network needs; never
 * downloads one. `today` fixes the build date (a fixture's articles stay published).
 */
export async function servedSite(root = projectRoot, options: { today?: string } = {}): Promise<ServedSite> {
  const shared = root === projectRoot && options.today === undefined;
  const out = shared ? (await realSite()).out : join(await mkdtemp(join(tmpdir(), 'clinic-browser-')), 'dist');
  if (!shared) await build({ root, writer: diskWriter(out, root), ...options });
  const server = await startStaticServer({ root: out });
  const browser = await launchChromium();
  return {
    origin: server.origin,
    browser,
    async close() {
      await browser.close();
      await server.close();
      if (!shared) await rm(join(out, '..'), { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium (or CHROMIUM_PATH), headless, with the flags a closed network needs; never a downloaded one. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * The addresses outside `origin`, as a pattern for `context.route`: Playwright then holds only those requests, where a function
 * (or '**\/*') has it hold every request of the page, the site's own included, for a round trip through this process.
 */
export function outside(origin: string): RegExp {
  return new RegExp(`^(?!${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[/?#]|$))`);
}

/** axe-core's source, evaluated in a page (a script tag of our own would break the site's CSP, as it should). */
export const axeSource = readFileSync(join(projectRoot, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
