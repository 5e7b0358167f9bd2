/**
 * The hosted editor's preview (`build --editor`): with no server to build a page, the editor's preview makes it in the
 * browser. Two files go beside the editor in admin/, both named by their hash: the snapshot of content/ the page is made from
 * (site-HASH.json: the content files' text, the bundle's links and images), and the script that makes it
 * (preview-HASH.js: the site's own load, route and render code and React templates, cms/browser/page-preview.ts). The editor
 * loads them when a preview is first shown; the site's pages never do.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AssetLinks } from '../../bundle/assets.ts';
import type { SharedView } from '../../route/view.ts';
import { requireModule } from '../../entries.ts';

/** What the snapshot is made from: the project, the bundle's links and images, the site's address. */
export interface PreviewSource {
  root: string;
  assets: AssetLinks;
  images: SharedView['images'];
  baseUrl: string;
}

/** What the preview in the browser makes a page from: content/'s files by project path, the bundle's links and images. */
export interface SiteSnapshot {
  files: Record<string, string>;
  assets: AssetLinks;
  images: SharedView['images'];
  baseUrl: string;
}

/** The files the hosted preview adds to admin/, and their names for the editor's page. */
export interface HostedPreview {
  files: { file: string; bytes: Uint8Array }[];
  script: string;
  snapshot: string;
}

const named = (prefix: string, bytes: Uint8Array, extension: string) =>
  `${prefix}-${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${extension}`;

/** The snapshot of the site the hosted preview makes pages from. */
export async function siteSnapshot(source: PreviewSource): Promise<Uint8Array> {
  const entries = await readdir(join(source.root, 'content'), { recursive: true, withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile() && /\.(ya?ml|md)$/.test(e.name) && !e.name.startsWith('.'))
    .map((e) => `${join(e.parentPath, e.name).slice(source.root.length + 1).split('\\').join('/')}`)
    .sort();
  const files: Record<string, string> = {};
  for (const name of names) files[name] = await readFile(join(source.root, name), 'utf8');
  const snapshot: SiteSnapshot = { files, assets: source.assets, images: source.images, baseUrl: source.baseUrl };
  return Buffer.from(JSON.stringify(snapshot));
}

/** The preview's script and snapshot, for admin/. */
export async function hostedPreview(source: PreviewSource, generator: string): Promise<HostedPreview> {
  const [script, snapshot] = await Promise.all([previewScript(source.root, generator), siteSnapshot(source)]);
  const scriptName = named('preview', script, 'js');
  const snapshotName = named('site', snapshot, 'json');
  return {
    files: [
      { file: `admin/${scriptName}`, bytes: script },
      { file: `admin/${snapshotName}`, bytes: snapshot },
    ],
    script: scriptName,
    snapshot: snapshotName,
  };
}

/**
 * Node's modules, in the browser: the snapshot's files for `fs`, stand-ins for the rest (cms/browser/). Each is loaded as a
 * CommonJS module whose missing names throw when called: modules the preview never runs (the template bundler) still load.
 */
function nodeShims(root: string, generator: string): import('esbuild').Plugin {
  const browser = join(generator, 'src', 'authoring', 'cms', 'browser');
  // Decap's own (decap-cms-core depends on both): present wherever the editor is installed.
  const decap = createRequire(createRequire(join(generator, 'package.json')).resolve('decap-cms-core/package.json'));
  const pathModule = decap.resolve('path-browserify');
  // The package, not Node's module of the same name.
  const bufferModule = decap.resolve('buffer/');
  const shimOf = (name: string) => {
    if (/^node:fs(\/promises)?$/.test(name)) return join(browser, 'virtual-fs.ts');
    return name === 'node:path' ? pathModule : join(browser, 'node-shims.ts');
  };
  return {
    name: 'clinic-preview-shims',
    setup(build) {
      build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, namespace: 'node-shim' }));
      build.onResolve({ filter: /^buffer$/ }, () => ({ path: bufferModule }));
      build.onLoad({ filter: /.*/, namespace: 'node-shim' }, (args) => ({
        resolveDir: browser,
        loader: 'js',
        contents: `const shim = require(${JSON.stringify(shimOf(args.path))});
module.exports = new Proxy(shim, { get: (target, name) => name in target ? target[name] : () => {
  throw new Error(${JSON.stringify(args.path)} + '.' + String(name) + ' is not part of the hosted preview');
} });`,
      }));
      // The project's own templates (the editor's generator may live apart from the project).
      build.onResolve({ filter: /\/templates\/index\.tsx$/ }, () => ({ path: join(root, 'templates', 'index.tsx') }));
    },
  };
}

/** Bundles the preview's script: the site's load, route and render code and its templates, for the browser. */
async function previewScript(root: string, generator: string): Promise<Uint8Array> {
  const { build } = requireModule<typeof import('esbuild')>('esbuild');
  const result = await build({
    entryPoints: [join(generator, 'src', 'authoring', 'cms', 'browser', 'page-preview.ts')],
    nodePaths: [join(generator, 'node_modules')],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    write: false,
    legalComments: 'none',
    // The load code reads process.env, Buffer and import.meta.url: the browser has none of them.
    inject: [join(generator, 'src', 'authoring', 'cms', 'browser', 'globals.ts')],
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.url': '"file:///clinic-site/src/index.js"', global: 'globalThis' },
    plugins: [nodeShims(root, generator)],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.contents;
}
