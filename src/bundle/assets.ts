/** The bundle stage: browser script and CSS through esbuild with hashed names, and public/ as it is. */
import type { Message, Plugin } from 'esbuild';
import { statSync, type Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { requireModule } from '../entries.ts';
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import { locOf } from './templates.ts';
import { linksLeaving, outsideProject, readProblem } from '../read.ts';
import { generatorPathOf } from '../schemas/redirects.ts';
import { withOpenFile } from '../open-files.ts';

/** The hashed asset files every page links to. */
export interface AssetLinks {
  css: string;
  js: string;
  /** Fonts to preload. */
  fonts: string[];
  /** The search dialog's script, loaded when the dialog is first opened. */
  search: string;
}

/** The social image's size, fixed by the sharing cards (og:image 1200x630). */
export const socialImageSize = { width: 1200, height: 630 } as const;

/** A file for the output folder, by its path inside it. */
export interface OutputFile {
  file: string;
  bytes: Uint8Array;
  /** Where the project holds it, when that is not public/FILE (a picture beside an article), for messages. */
  source?: string;
}

/** The bundled assets, the links pages need, and the copied public files. */
export interface Assets {
  links: AssetLinks;
  bundled: OutputFile[];
  publicFiles: OutputFile[];
}

/** What esbuild made of the browser script and the CSS: the files, the links pages need, and every file it read. */
export interface Scripts {
  links: AssetLinks;
  bundled: OutputFile[];
  /** The files that went into the bundles, relative to the project (fonts from node_modules too). */
  inputs: string[];
}

/** The width and height of an image file's picture; throws when the bytes are not a picture. */
export type ImageSizer = (bytes: Uint8Array) => Promise<{ width: number; height: number }>;

/** Reads an image's size with sharp (loaded on first use: a build that meets no new image never loads it). */
export const measureImage: ImageSizer = async (bytes) => {
  const sharp = requireModule<typeof import('sharp')>('sharp');
  // No pixel limit for the header: sharp's own (268 megapixels) would call a larger picture unreadable; the build says why it is refused.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false }).metadata();
  return { width, height };
};

/** The bundled browser script and CSS, and public/ as it is (the sharing image checked for its size). */
export async function bundleAssets(root: string, socialImage: string, bundling: Promise<Scripts>, imageSize: ImageSizer): Promise<Assets> {
  const [scripts, publicFiles] = await Promise.all([bundling, readPublic(root)]);
  await checkSocialImage(publicFiles, socialImage, imageSize);
  return { links: scripts.links, bundled: scripts.bundled, publicFiles };
}

/** Bundles templates/client/main.ts, the search dialog's script (loaded on first use) and templates/styles/site.css with hashed names. */
export async function bundleScripts(root: string): Promise<Scripts> {
  const leaving = linksLeaving(root, 'templates');
  if (leaving.length > 0) throw new SiteErrors(leaving);
  const { build: esbuild } = requireModule<typeof import('esbuild')>('esbuild');
  const result = await esbuild({
    entryPoints: {
      main: join(root, 'templates', 'client', 'main.ts'),
      search: join(root, 'templates', 'client', 'search.ts'),
      site: join(root, 'templates', 'styles', 'site.css'),
    },
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
    metafile: true,
    logLevel: 'silent',
    plugins: [remoteImportsRefused],
  }).catch((error: { errors?: Message[] }) => {
    throw new SiteErrors((error.errors ?? []).map((m) => bundleProblem(root, m)));
  });
  // esbuild repairs a stylesheet it cannot parse and ships its guess (an @import after a rule, kept as it is, loads nothing).
  const guessed = result.warnings.filter((m) => m.location?.file.endsWith('.css'));
  if (guessed.length > 0) throw new SiteErrors(guessed.map((m) => stylesheetProblem(root, m)));
  const bundled = result.outputFiles.map((f) => ({
    file: `assets/${relative(join(root, 'assets'), f.path).split(sep).join('/')}`,
    bytes: f.contents,
  }));
  const find = (pattern: RegExp) => bundled.filter((f) => pattern.test(f.file)).map((f) => `/${f.file}`);
  const js = find(/\/main-[\w]+\.js$/)[0]!;
  const links: AssetLinks = {
    js,
    search: find(/\/search-[\w]+\.js$/)[0]!,
    css: find(/\/site-[\w]+\.css$/)[0]!,
    fonts: find(/\.woff2$/).filter((f) => !f.includes('italic')),
  };
  return { links, bundled, inputs: Object.keys(result.metafile.inputs) };
}

/** An @import of another site's stylesheet is not bundled: esbuild would leave it for every visitor's browser to fetch. */
const remoteImportsRefused: Plugin = {
  name: 'remote-imports-refused',
  setup(build) {
    build.onResolve({ filter: /^([a-z][a-z0-9+.-]*:|\/\/)/i }, (args) => {
      if (args.kind !== 'import-rule' || args.path.startsWith('data:')) return undefined;
      return { errors: [{ text: `@import "${args.path}" loads a stylesheet from another site, which the build cannot bundle` }] };
    });
  },
};

/** What esbuild could not bundle, at its place; a stylesheet's @import that leads nowhere, or off the site, says what to do. */
function bundleProblem(root: string, message: Message): SiteError {
  const loc = locOf(root, message);
  if (message.pluginName === remoteImportsRefused.name) {
    const hint = 'save that stylesheet in templates/styles/ and @import it by its path, such as "./fonts.css", or remove the line';
    return problems.stylesheetError(message.text, loc, hint);
  }
  if (loc?.file.endsWith('.css') && message.text.startsWith('Could not resolve')) {
    return problems.stylesheetError(message.text, loc, 'check the path, read from the folder of this stylesheet, or remove the @import');
  }
  return problems.assetError(message.text, loc);
}

/** A stylesheet problem esbuild only warned about, in the author's words, at the place to fix (an unclosed brace: where it opened). */
function stylesheetProblem(root: string, message: Message): SiteError {
  const loc = locOf(root, message);
  const note = message.notes.find((n) => n.location)?.location;
  if (message.id === 'invalid-@import') {
    const rule = note ? ` (line ${note.line})` : '';
    const detail = `an @import must come before every rule, but a rule${rule} comes first, so browsers would ignore it`;
    return problems.stylesheetError(detail, loc, 'move the @import to the top of the stylesheet, above every rule');
  }
  const unclosed = /^Expected "([)\]}])" to go with "([([{])"$/.exec(message.text);
  if (unclosed && note) {
    const opened = { file: loc?.file ?? note.file, line: note.line, column: note.column + 1 };
    const [, close, open] = unclosed;
    const hint = `add the closing "${close}"${close === '}' ? ' where the block ends' : ''}`;
    return problems.stylesheetError(`the "${open}" opened here is never closed`, opened, hint);
  }
  return problems.stylesheetError(message.text, loc, 'fix the stylesheet here: esbuild read it by guessing, and would ship its guess');
}

/**
 * The output's `files` (public/'s among them), once no file of public/ is at a path the build makes itself: a page, a file beside
 * the pages (feeds, sitemaps, _headers, _redirects), or a path the generator keeps (assets/, pagefind/, .clinic-site-output, admin/).
 * Throws SiteErrors naming each such file of public/.
 */
export function withPublicChecked(
  publicFiles: readonly OutputFile[], routes: readonly { file: string; path: string }[], files: OutputFile[],
): OutputFile[] {
  const copied = new Set(publicFiles);
  const pages = new Map(routes.map((r) => [r.file, r.path]));
  const made = new Set(files.filter((f) => !copied.has(f)).map((f) => f.file));
  const clashes = publicFiles.flatMap(({ file }) => {
    const owned = generatorPathOf(file);
    const page = pages.get(file);
    const what =
      owned ? `${owned.what} (${owned.path})` : page !== undefined ? `the page ${page}` : made.has(file) ? 'a file of its own' : '';
    return what ? [problems.publicClash(`public/${file}`, file, what)] : [];
  });
  if (clashes.length > 0) throw new SiteErrors(clashes);
  return files;
}

/** The output marker: a dotfile, yet one public/ must not hold (see publicClashes). */
const markerName = '.clinic-site-output';

/** Every file of public/ (none when there is no public/ folder); a file or folder that cannot be read is a located error. */
async function readPublic(root: string): Promise<OutputFile[]> {
  const dir = join(root, 'public');
  const away = outsideProject(root, dir);
  if (away !== undefined) throw new SiteErrors([problems.linkOutsideProject('public/', away, true)]);
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    // Only a missing folder means "nothing to copy": an unreadable one would silently drop the favicon and every image.
    const { code, path } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' && (path === undefined || path === dir)) return [];
    throw new SiteErrors([publicProblem(root, dir, error, true)]);
  }
  const errors: SiteError[] = [];
  const copied = (e: Dirent) => e.isFile() || (e.isSymbolicLink() && linkedFile(root, join(e.parentPath, e.name), errors));
  const marker = (e: Dirent) => e.name === markerName && e.parentPath === dir;
  const files = entries.filter((e) => (!e.name.startsWith('.') || marker(e)) && copied(e));
  const read = await Promise.all(
    files.map(async (e) => {
      const path = join(e.parentPath, e.name);
      try {
        return { file: relative(dir, path).split(sep).join('/'), bytes: await withOpenFile(() => readFile(path)) };
      } catch (error) {
        errors.push(publicProblem(root, path, error, false));
        return undefined;
      }
    }),
  );
  if (errors.length > 0) throw new SiteErrors(errors);
  return read.filter((f) => f !== undefined);
}

/**
 * Whether a link in public/ leads to a file inside the project, to be copied as that file; one that
 * leads out of the project is reported (and never read), one to a folder or to nothing is left out.
 */
function linkedFile(root: string, path: string, errors: SiteError[]): boolean {
  const target = outsideProject(root, path);
  const kind = statSync(path, { throwIfNoEntry: false });
  const file = relative(root, path).split(sep).join('/');
  if (target !== undefined) errors.push(problems.linkOutsideProject(file, target, kind?.isDirectory() ?? false));
  return target === undefined && kind?.isFile() === true;
}

/** Why a file or folder of public/ cannot be copied, at that file (public/favicon.svg:1:1), in readProblem's words. */
function publicProblem(root: string, path: string, error: unknown, folder: boolean): SiteError {
  // A recursive listing fails on the subfolder it cannot open, which the error names.
  const failed = folder ? ((error as NodeJS.ErrnoException).path ?? path) : path;
  const file = relative(root, failed).split(sep).join('/') || 'public';
  const loc = { file, line: 1, column: 1 };
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EACCES':
    case 'EPERM':
      return problems.unreadableFile(
        loc,
        'permission denied',
        folder
          ? `give your user permission to open the folder and read what it holds (for example chmod -R a+rX ${file}); files in public/ ` +
            `are copied to the site as they are`
          : `give your user permission to read the file (for example chmod a+r ${file}), or delete it if the site does not need it; ` +
            `files in public/ are copied to the site as they are`,
      );
    case 'ENOENT':
      return problems.changedDuringBuild(file);
    case 'ENOTDIR':
      return problems.unreadableFile(
        loc,
        'it is a file, not a folder',
        'public/ is the folder of files copied to the site as they are: rename this file and create a folder named public',
      );
    default:
      return readProblem(file, error, folder ? 'a folder' : 'a file');
  }
}

/** The sharing image must exist and be exactly 1200x630, as the head declares. */
async function checkSocialImage(publicFiles: OutputFile[], socialImage: string, imageSize: ImageSizer): Promise<void> {
  const errors: SiteError[] = [];
  const file = publicFiles.find((f) => `/${f.file}` === socialImage);
  const loc = { file: 'content/site.yaml', line: 1, column: 1 };
  if (!file) errors.push(problems.missingFile(loc, `public${socialImage}`, 'The social image'));
  else {
    const { width, height } = await imageSize(file.bytes).catch(() => {
      throw new SiteErrors([problems.badImageFile(`public/${file.file}`)]);
    });
    if (width !== socialImageSize.width || height !== socialImageSize.height) {
      errors.push(problems.badImage(`public${socialImage}`, width, height, `${socialImageSize.width}x${socialImageSize.height}`));
    }
  }
  if (errors.length > 0) throw new SiteErrors(errors);
}
