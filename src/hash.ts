/** Hashes every stage may take of what it reads, and the fingerprint of the generator's own code. */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * A fingerprint of the code in a folder: every .js and .ts file under it, subfolders included
 * (from source, every stage folder of src/ is generator code), by path and text.
 */
export function codeFingerprint(dir: string): string {
  try {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(js|ts)$/.test(f) && !f.split(/[\\/]/).includes('node_modules'))
      .map((f) => f.split(sep).join('/'))
      .sort();
    return hashOf(...files.flatMap((f) => [f, readFileSync(join(dir, f), 'utf8')]));
  } catch {
    return hashOf(dir);
  }
}

/** The folder of the running generator: src/ from source, lib/ once compiled (this module sits at its top). */
export const codeFolder: string = dirname(fileURLToPath(import.meta.url));
