/**
 * The editor's own files, served at /admin/ by the dev server and written into dist/admin/ by
 * `build --editor`: the wrapper page, the generated configuration, and the editor's script (Decap CMS
 * bundled with the site's React by esbuild, from node_modules: nothing is loaded from a CDN).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listField, type CmsBackend } from '../cms-config.ts';
import { hostedConfig, type EditedSite, type HostedEditor } from './hosted-config.ts';
import { requireModule } from '../../entries.ts';
import { problems } from '../../errors.ts';
import { narrowScreenStyle } from './narrow-screen.ts';
import { hostedPreview, type PreviewSource } from './hosted-preview.ts';
import type { HostedPreviewFiles } from './hosted-builder.ts';
import { withSpanishOf } from '../cms-spanish.ts';
import { spanishVersionsFile } from './spanish-versions.ts';
import { spanishVersions } from '../cms-spanish-versions.ts';
import type { Content } from '../../schemas/content.ts';

/** The folder of the generator (its package.json): where its node_modules and the editor's script source are. */
export function generatorFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/**
 * Why the browser editor cannot run here, or undefined. Decap CMS is a development dependency (about 870 of the 1,000
 * packages): `npm ci --omit=dev` installs only what build and serve need, and a project without it still builds and serves.
 */
export function missingEditor(from: string): string | undefined {
  try {
    createRequire(join(from, 'package.json')).resolve('decap-cms-app/package.json');
    return undefined;
  } catch {
    return (
      `The browser editor (decap-cms-app) is not installed here: run npm install in ${from} to add it, then start again. ` +
      'An install with --omit=dev (npm ci --omit=dev) leaves it out: it installs only what build and serve need.'
    );
  }
}

/** The editor's script: Decap CMS, our formats and preview, and React, in one file named by its hash. */
export interface EditorScript {
  file: string;
  bytes: Uint8Array;
}

let bundled: Promise<EditorScript> | undefined;

/** Bundles the editor's script once per process (about 1 s, 6 MB, 1.7 MB gzip). */
export function editorScript(from: string): Promise<EditorScript> {
  bundled ??= bundleEditor(from).catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}

async function bundleEditor(from: string): Promise<EditorScript> {
  const { build } = requireModule<typeof import('esbuild')>('esbuild');
  const result = await build({
    entryPoints: [join(generatorFolder(), 'src', 'authoring', 'cms', 'editor.ts')],
    nodePaths: [join(from, 'node_modules')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    write: false,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    loader: { '.js': 'jsx', '.svg': 'text' },
    plugins: [wordSearch],
    logLevel: 'silent',
  });
  const bytes = result.outputFiles[0]!.contents;
  return { file: `editor-${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.js`, bytes };
}

/** Decap's search and pick lists match the words typed (cms/word-search.ts), not scattered letters (the `fuzzy` package). */
const wordSearch: import('esbuild').Plugin = {
  name: 'word-search',
  setup(build) {
    const path = join(generatorFolder(), 'src', 'authoring', 'cms', 'word-search.ts');
    build.onResolve({ filter: /^fuzzy$/ }, () => ({ path }));
  },
};

/** Where each entry shows on the site, beside config.json (src/authoring/places.ts). */
export const placesFile = 'places.json';

/** What the wrapper page needs: the script's file name, and where previews are built and the session's secret (the dev server only). */
export interface AdminPageOptions {
  script: string;
  preview?: string;
  secret?: string;
  siteName: string;
  /** The hosted editor's preview: its script and snapshot beside the page (hosted-preview.ts). */
  hostedPreview?: HostedPreviewFiles;
}

/** The wrapper page: a title, a message while the editor loads (and without JavaScript), and the editor's settings. */
export function adminPage({ script, preview, secret, siteName, hostedPreview }: AdminPageOptions): string {
  const optional = { ...(preview ? { preview } : {}), ...(secret ? { secret } : {}), ...(hostedPreview ? { hostedPreview } : {}) };
  const settings = JSON.stringify({ config: 'config.json', places: placesFile, listField, ...optional }).replace(/</g, '\\u003c');
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Edit the website · ${escape(siteName)}</title>
<style>${narrowScreenStyle}</style>
<script id="clinic-editor-settings" type="application/json">${settings}</script>
<script src="${script}" defer></script>
</head>
<body>
<main id="clinic-editor-wrapper"
  style="font: 16px/1.5 system-ui, sans-serif; color: #1f2937; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1 style="font-size: 1.5rem">Edit the website of ${escape(siteName)}</h1>
<p id="clinic-editor-loading" role="status">Loading the editor…</p>
<noscript><p>The editor needs JavaScript. Turn it on for this page, or edit the files in <code>content/</code>
with a text editor.</p></noscript>
</main>
<script src="hide-wrapper.js" defer></script>
</body>
</html>
`;
}

/**
 * Once Decap has drawn its page: on its login page (Decap shows only its own or the clinic's picture there), keeps the
 * wrapper's heading with the clinic's name at the top, without the loading message; hides it once she is in (Decap then
 * keeps her login in localStorage, under decap-cms-user: its editor page has no header of its own to tell by).
 */
export const hideWrapperScript = `const wrapper = document.getElementById('clinic-editor-wrapper');
const place = () => {
  const root = document.getElementById('nc-root');
  if (!root) return;
  document.getElementById('clinic-editor-loading').hidden = true;
  wrapper.hidden = Boolean(localStorage.getItem('decap-cms-user'));
  Object.assign(wrapper.style, { position: 'fixed', top: '0', left: '0', right: '0', margin: '1rem auto', textAlign: 'center' });
};
new MutationObserver(place).observe(document.body, { childList: true, subtree: true });
place();
`;

/**
 * The editor's Content-Security-Policy: its own, as Decap needs more than the site allows (inline styles,
 * a schema compiler that evaluates code); with the GitHub backend, GitHub's API and its pictures too.
 */
export function editorContentSecurityPolicy(github: boolean): string {
  const gitHub = github ? ' https://api.github.com' : '';
  const pictures = github ? ' https://raw.githubusercontent.com https://avatars.githubusercontent.com' : '';
  return [
    "default-src 'self'",
    "script-src 'self' 'unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${pictures}`,
    "font-src 'self' data:",
    // Decap reads an uploaded photo back from its blob: address before saving it.
    `connect-src 'self' blob: data:${gitHub}`,
    "frame-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export type { HostedEditor } from './hosted-config.ts';

/** Switches for the browser tests only, never set by the CLI: Decap's in-memory `test-repo` in place of GitHub. */
export interface EditorTestSwitches {
  backend?: CmsBackend;
}

/** The clinic's mark in the output, if the site has one: the login page shows it. */
const clinicMark = 'favicon.svg';

/** A file of the output (as the bundle stage makes them). */
interface OutputFile {
  file: string;
  bytes: Uint8Array;
}

/**
 * The output with the editor in admin/, configured for the GitHub backend (the host's login, as Netlify
 * provides it), and `_headers` given the editor's own rules: a later rule's header replaces the site's.
 */
export async function withEditor(
  files: OutputFile[],
  editor: HostedEditor,
  site: Omit<EditedSite, 'logo'>,
  /** The pages' files (written as they render, so not among `files`). */
  pages: readonly string[],
  switches: EditorTestSwitches = {},
  /** What the hosted preview makes pages from (the build's bundle): without it, the editor shows no preview. */
  preview?: PreviewSource,
  /** The site's content: its Spanish entries go beside the English ones, with what saving them records. */
  content?: Content,
): Promise<OutputFile[]> {
  if (missingEditor(generatorFolder())) throw problems.editorNotInstalled(generatorFolder());
  const script = await editorScript(generatorFolder());
  const shown = preview && (await hostedPreview(preview, generatorFolder()));
  // Relative to admin/: the mark shows on a deploy preview's own address too (the editor's CSP allows only its own site).
  const logo = files.some((f) => f.file === clinicMark) ? `../${clinicMark}` : undefined;
  const english = hostedConfig(editor, { ...site, ...(logo ? { logo } : {}) }, switches.backend);
  const config = content ? withSpanishOf(english, content) : english;
  const text = (file: string, body: string) => ({ file: `admin/${file}`, bytes: Buffer.from(body) });
  const page = { script: script.file, siteName: site.name };
  const admin = [
    text('index.html', adminPage(shown ? { ...page, hostedPreview: { script: shown.script, snapshot: shown.snapshot } } : page)),
    text('config.json', `${JSON.stringify(config)}\n`),
    text('hide-wrapper.js', hideWrapperScript),
    text(spanishVersionsFile, `${JSON.stringify(content ? spanishVersions(content, config) : [])}\n`),
    { file: `admin/${script.file}`, bytes: script.bytes },
    ...(shown?.files ?? []),
  ];
  const rules = [
    '',
    '/admin/*',
    `  Content-Security-Policy: ${editorContentSecurityPolicy(true)}`,
    '  X-Frame-Options: SAMEORIGIN',
    '  Cache-Control: no-cache',
    '',
  ].join('\n');
  const names = [...files.map((f) => f.file), ...pages];
  const headers = (f: OutputFile) =>
    f.file === '_headers' ? { file: f.file, bytes: Buffer.from(policyOffAdmin(Buffer.from(f.bytes).toString(), names) + rules) } : f;
  return [...files.map(headers), ...admin];
}

/**
 * The site's `_headers` with its Content-Security-Policy kept off admin/: hosts join the headers of every rule a path matches
 * (Cloudflare Pages does), and the site's policy forbids what the editor needs ('unsafe-eval'). `_headers` has no "all but",
 * so the policy moves from `/*` onto each other top-level entry of the output (an unknown path's 404 page goes without it).
 */
export function policyOffAdmin(text: string, files: readonly string[]): string {
  const policy = /^ {2}Content-Security-Policy: .*\n/m.exec(text);
  if (!policy) return text;
  const entries = new Set(files.map((file) => file.split('/')[0]!).filter((name) => name !== 'admin' && !name.startsWith('_')));
  const paths = ['/', ...[...entries].sort().flatMap((name) => (files.includes(name) ? [`/${name}`] : [`/${name}`, `/${name}/*`]))];
  const rules = paths.map((path) => `\n${path}\n${policy[0]}`).join('');
  return text.replace(policy[0], '') + rules;
}
