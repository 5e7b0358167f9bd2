/** Where the compiled thread entries are: lib/ once installed, and from src/ (tests) the lib/ beside it. */
import { existsSync } from 'node:fs';
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

/** Node's import(), handed in by the CLI's loader (incremental/code-cache.ts): code V8 compiled as a script with a cache cannot call import() itself. */
declare const __clinicSiteImport: ((specifier: string) => Promise<unknown>) | undefined;

/** Imports a module the bundle leaves out (React, esbuild, sharp, the compiled templates), by package name or file URL. */
export function importModule<T>(specifier: string): Promise<T> {
  return (typeof __clinicSiteImport === 'function' ? __clinicSiteImport(specifier) : import(specifier)) as Promise<T>;
}
