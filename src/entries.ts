/** Where the compiled thread entries are: lib/ once installed, and from src/ (tests) the lib/ beside it. */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A compiled thread entry (lib/NAME.js), next to this module once compiled, or in lib/ beside src/ in tests. */
export function compiledEntry(name: 'render-worker' | 'watch-worker' | 'image-encoder'): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [join(here, `${name}.js`), join(here, '..', 'lib', `${name}.js`)];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`${name} not found (looked in ${candidates.join(', ')}); run npm install to compile it`);
  return found;
}

const requireHere = createRequire(import.meta.url);

/**
 * Loads a package the bundle leaves out (React, esbuild, sharp: all CommonJS) or the compiled
 * templates, by name or path, through require: importing CommonJS from an ES module has Node scan
 * its source for export names first (React DOM's server build: 10-20 ms of every build that renders).
 */
export function requireModule<T>(specifier: string): T {
  return requireHere(specifier) as T;
}

/** Where `require` finds a package file (absolute), for a file of a package that its exports do not name. */
export function resolveModule(specifier: string): string {
  return requireHere.resolve(specifier);
}

/** An installed package's version, from its package.json (found by folder: not every package's exports name that file). */
export function packageVersion(name: string): string {
  for (const dir of requireHere.resolve.paths(name) ?? []) {
    try {
      return (JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      // Not in this folder: the next one up.
    }
  }
  return 'unknown';
}
