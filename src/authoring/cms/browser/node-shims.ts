/**
 * The little of Node's modules besides `fs` that the site's load, route and render code touches, for the hosted preview in the
 * browser (hosted-preview.ts puts these in their place): hashes for the build's keys, bytes, and stand-ins for what the preview
 * never runs (worker threads, module loading).
 */
import { Buffer } from 'buffer';

export { Buffer };

/** Whether bytes are valid UTF-8 (the preview's files are text already). */
export function isUtf8(): boolean {
  return true;
}

/**
 * A hash in the shape of Node's createHash: the load stage keys what it read by it. Not cryptographic (the preview only
 * compares keys it made itself): two 32-bit FNV-1a hashes of the text, with different seeds.
 */
export function createHash(): { update(part: string | Uint8Array): ReturnType<typeof createHash>; digest(encoding?: string): string } {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  const hash = {
    update(part: string | Uint8Array) {
      const text = typeof part === 'string' ? part : Buffer.from(part).toString('latin1');
      for (let i = 0; i < text.length; i++) {
        const code = text.charCodeAt(i);
        a = Math.imul(a ^ code, 0x01000193);
        b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 13);
      }
      return hash;
    },
    digest() {
      return ((a >>> 0).toString(36) + (b >>> 0).toString(36)).padEnd(22, '0');
    },
  };
  return hash;
}

/** A file URL's path. */
export function fileURLToPath(url: string | URL): string {
  return new URL(String(url), 'file:///').pathname;
}

/** A path's file URL. */
export function pathToFileURL(path: string): URL {
  return new URL(`file://${path}`);
}

/** No module is loaded by name in the browser: everything the preview runs is in its bundle. */
export function createRequire(): (name: string) => never {
  return (name) => {
    throw new Error(`${name} is not part of the hosted preview`);
  };
}

/** What the preview never calls (render workers, V8 flags, the machine's cores): present so that the modules load. */
export const availableParallelism = () => 1;
export const tmpdir = () => '/tmp';
export const setFlagsFromString = () => undefined;
export const isMainThread = true;
export const parentPort = null;
export const workerData = undefined;
export class Worker {
  constructor() {
    throw new Error('The hosted preview renders on one thread');
  }
}
export const gzipSync = (bytes: Uint8Array) => bytes;
export default { Buffer, isUtf8, createHash, fileURLToPath, pathToFileURL, createRequire };
