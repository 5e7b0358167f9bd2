/** Loading the React templates: bundled fresh by esbuild so an edited template shows up without a restart. */
import type { Message } from 'esbuild';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { requireModule } from '../entries.ts';
import { problems, SiteErrors } from '../errors.ts';
import { reasonOf } from '../write/guard.ts';
import { linksLeaving } from '../read.ts';
import { withOpenFile } from '../open-files.ts';

/** A template bundle and the hash of its code (part of every page's cache key). */
export interface Templates {
  /** Imports the bundle once, typed as the render stage reads it: only a build that renders a page on this thread needs it (and React). */
  load<Module>(): Promise<Module>;
  hash: string;
  /** The bundled file, which worker threads import too. */
  file: string;
  /** Files under templates/ that went into the bundle. */
  inputs: string[];
}

/** Where generated files that are safe to delete live. */
export function cacheDir(root: string): string {
  return join(root, 'node_modules', '.cache', 'clinic-site');
}

/**
 * Bundles templates/index.tsx into a new module file named by its content hash and loads it;
 * Node caches modules by file name, so new code means a new file and a fresh module.
 */
export async function loadTemplates(root: string): Promise<Templates> {
  const leaving = linksLeaving(root, 'templates');
  if (leaving.length > 0) throw new SiteErrors(leaving);
  const { build: esbuild } = requireModule<typeof import('esbuild')>('esbuild');
  const result = await esbuild({
    entryPoints: [join(root, 'templates', 'index.tsx')],
    absWorkingDir: root,
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
    outfile: 'templates.cjs',
  }).catch((error: { errors?: Message[] }) => {
    throw new SiteErrors((error.errors ?? []).map((m) => problems.templateError(m.text, locOf(root, m))));
  });
  const code = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const dir = cacheDir(root);
  const file = join(dir, `templates-${hash}.cjs`);
  try {
    await mkdir(dir, { recursive: true });
    // Written under a temporary name, then renamed: another build (or a crash) never meets half a module.
    if ((await sizeOf(file)) !== Buffer.byteLength(code)) await writeAtomically(file, code);
  } catch (error) {
    // The bundle must sit inside node_modules/ to import React from there: no other folder will do.
    throw problems.outputError(
      `cannot save the compiled templates in ${relative(root, dir)}: ${reasonOf(error)}`,
      'clinic-site keeps compiled templates in node_modules/.cache/clinic-site/: make node_modules writable for your user, or run npm ' +
        'install as yourself',
    );
  }
  return templatesAt({ hash, file, inputs: Object.keys(result.metafile.inputs).filter((p) => !p.includes('node_modules')) });
}

/** Whether the module file of bundled templates holds the code it was written with (a build stopped while writing it leaves half). */
export function templatesIntact(bundled: Omit<Templates, 'load'>): boolean {
  try {
    return createHash('sha256').update(readFileSync(bundled.file)).digest('hex').slice(0, 16) === bundled.hash;
  } catch {
    return false;
  }
}

/** The templates bundled into `file` (which must exist), to be imported when a page is rendered. */
export function templatesAt(bundled: Omit<Templates, 'load'>): Templates {
  return { ...bundled, load: moduleLoader(bundled.file) };
}

/** Loads a bundled template module on first call; a template that throws while it loads is a template error. */
function moduleLoader(file: string): <Module>() => Promise<Module> {
  let loaded: unknown;
  return async <Module>() => {
    try {
      return (loaded ??= requireModule<Module>(file)) as Module;
    } catch (error) {
      // The first line only: a missing package's error goes on with the generator's own files ("Require stack").
      const message = (error instanceof Error ? error.message : String(error)).split('\n')[0];
      throw problems.templateError(`loading templates/index.tsx failed: ${message}`);
    }
  };
}

/** The source location of an esbuild message, relative to the project. */
export function locOf(root: string, message: Message) {
  if (!message.location) return undefined;
  return { file: relative(root, join(root, message.location.file)), line: message.location.line, column: message.location.column + 1 };
}

/** The size of a file, or undefined when there is none. */
async function sizeOf(path: string): Promise<number | undefined> {
  return (await stat(path).catch(() => undefined))?.size;
}

/** Writes a file of the cache under a temporary name in the same folder, then renames it into place. */
export async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    await withOpenFile(() => writeFile(temp, data));
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
