/** The bundle stage: browser script and CSS through esbuild with hashed names, and public/ as it is. */
import { build as esbuild, type Message } from 'esbuild';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import sharp from 'sharp';
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import { socialImageSize } from '../route/routes.ts';
import { locOf } from './templates.ts';
import type { AssetLinks } from '../route/view.ts';

/** A file for the output folder, by its path inside it. */
export interface OutputFile {
  file: string;
  bytes: Uint8Array;
}

/** The bundled assets, the links pages need, and the copied public files. */
export interface Assets {
  links: AssetLinks;
  bundled: OutputFile[];
  publicFiles: OutputFile[];
}

/** Bundles templates/client/main.ts and templates/styles/site.css, and reads public/. */
export async function bundleAssets(root: string, socialImage: string): Promise<Assets> {
  const result = await esbuild({
    entryPoints: { main: join(root, 'templates', 'client', 'main.ts'), site: join(root, 'templates', 'styles', 'site.css') },
    absWorkingDir: root,
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    outdir: join(root, 'assets'),
    entryNames: '[name]-[hash]',
    assetNames: '[name]-[hash]',
    loader: { '.woff2': 'file', '.svg': 'file' },
    logLevel: 'silent',
  }).catch((error: { errors?: Message[] }) => {
    throw new SiteErrors((error.errors ?? []).map((m) => problems.assetError(m.text, locOf(root, m))));
  });
  const bundled = result.outputFiles.map((f) => ({ file: `assets/${relative(join(root, 'assets'), f.path).split(sep).join('/')}`, bytes: f.contents }));
  const find = (pattern: RegExp) => bundled.filter((f) => pattern.test(f.file)).map((f) => `/${f.file}`);
  const links: AssetLinks = { js: find(/\/main-[\w]+\.js$/)[0]!, css: find(/\/site-[\w]+\.css$/)[0]!, fonts: find(/\.woff2$/).filter((f) => !f.includes('italic')) };
  const publicFiles = await readPublic(join(root, 'public'));
  await checkSocialImage(publicFiles, socialImage);
  return { links, bundled, publicFiles };
}

async function readPublic(dir: string): Promise<OutputFile[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  const files = entries.filter((e) => e.isFile() && !e.name.startsWith('.'));
  return Promise.all(
    files.map(async (e) => {
      const path = join(e.parentPath, e.name);
      return { file: relative(dir, path).split(sep).join('/'), bytes: await readFile(path) };
    }),
  );
}

/** The sharing image must exist and be exactly 1200x630, as the head declares. */
async function checkSocialImage(publicFiles: OutputFile[], socialImage: string): Promise<void> {
  const errors: SiteError[] = [];
  const file = publicFiles.find((f) => `/${f.file}` === socialImage);
  const loc = { file: 'content/site.yaml', line: 1, column: 1 };
  if (!file) errors.push(problems.missingFile(loc, `public${socialImage}`, 'The social image'));
  else {
    const { width = 0, height = 0 } = await sharp(file.bytes).metadata();
    if (width !== socialImageSize.width || height !== socialImageSize.height) {
      errors.push(problems.badImage(`public${socialImage}`, width, height, `${socialImageSize.width}x${socialImageSize.height}`));
    }
  }
  if (errors.length > 0) throw new SiteErrors(errors);
}
