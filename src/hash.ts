/** Hashes every stage may take of what it reads, and the fingerprint of the generator's own code. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A hash of text, short enough to keep many of. */
export function hashOf(...parts: string[]): string {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('base64url').slice(0, 22);
}

/** A hash of bytes (output files). */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('base64url').slice(0, 22);
}

/** The file scripts/compile.mjs writes into lib/: the hash of every file it compiled, by path and text. */
const compiledFingerprintFile = 'code-fingerprint.txt';

/**
 * A fingerprint of the code in a folder: every .js, .cjs and .ts file under it, subfolders included
 * (from source, every stage folder of src/ is generator code), by path and text. In lib/, the hash
 * the compiler wrote stands for the text (reading and hashing 4 MB of code cost 20 ms a build),
 * together with each file's size and time, so that a file changed by hand since still counts.
 */
export function codeFingerprint(dir: string): string {
  try {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(c?js|ts)$/.test(f) && !f.split(/[\\/]/).includes('node_modules'))
      .map((f) => f.split(sep).join('/'))
      .sort();
    const compiled = compiledFingerprint(dir);
    if (compiled === undefined) return hashOf(...files.flatMap((f) => [f, readFileSync(join(dir, f), 'utf8')]));
    return hashOf(
      compiled,
      ...files.flatMap((f) => {
        const stamp = statSync(join(dir, f));
        return [f, `${stamp.size} ${stamp.mtimeMs}`];
      }),
    );
  } catch {
    return hashOf(dir);
  }
}

function compiledFingerprint(dir: string): string | undefined {
  try {
    return readFileSync(join(dir, compiledFingerprintFile), 'utf8');
  } catch {
    return undefined;
  }
}

/** The folder of the running generator: src/ from source, lib/ once compiled (this module sits at its top). */
export const codeFolder: string = dirname(fileURLToPath(import.meta.url));

/**
 * Strings in the order of their UTF-16 code units: as stable as localeCompare for keys and lists of files, without loading ICU's collator
 * (5-8 ms a build).
 */
export function codeUnitOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
