/**
 * Encoding image variants, in a child process of its own: AVIF and WebP encoding runs on several
 * threads, and the memory their allocations leave behind (hundreds of megabytes on a cold build)
 * is given back only when a process ends. The process is started for the first variant a build
 * lacks and stopped when the build's images are done: a build whose variants are all in the image
 * cache starts none.
 */
import { fork, type ChildProcess } from 'node:child_process';
import type { Sharp } from 'sharp';
import { compiledEntry } from '../entries.ts';

/** One variant to make: the picture resized to `width`, as `format`. */
export interface EncodeJob {
  width: number;
  format: 'avif' | 'webp' | 'png' | 'jpg';
}

/** The encoder settings of each format (chosen for the site's photographs and illustrations). */
export function encodeVariant(image: Sharp, { width, format }: EncodeJob): Promise<Buffer> {
  const resized = image.resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return resized.avif({ quality: 52, effort: 1 }).toBuffer();
    case 'webp':
      return resized.webp({ quality: 74 }).toBuffer();
    case 'png':
      return resized.png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
    case 'jpg':
      return resized.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}

/** A message to the encoder process, and its answer. */
export interface EncodeRequest {
  id: number;
  bytes: Uint8Array;
  job: EncodeJob;
}
export type EncodeReply = { id: number; bytes: Uint8Array } | { id: number; error: string };

/** The encoder process ended (killed, out of memory, could not start) before it answered. */
export class EncoderStopped extends Error {}

/** Encodes variants in a child process started on first use; `close` stops it. */
export interface ImageEncoder {
  encode(bytes: Uint8Array, job: EncodeJob): Promise<Uint8Array>;
  /** Stops the process; resolves once it has ended (and its memory is given back). */
  close(): Promise<void>;
}

/** An encoder whose process is started by the first `encode`. */
export function imageEncoder(): ImageEncoder {
  let child: ChildProcess | undefined;
  let next = 0;
  const waiting = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();
  const start = (): ChildProcess => {
    // No inherited flags (a profiler's, a test runner's loader): the encoder is plain compiled JavaScript.
    const started = fork(compiledEntry('image-encoder'), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [],
    });
    started.on('message', (reply: EncodeReply) => {
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ('error' in reply) waiter?.reject(new Error(reply.error));
      else waiter?.resolve(new Uint8Array(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    });
    const stopped = (why: string) => {
      if (child === started) child = undefined;
      for (const waiter of waiting.values()) waiter.reject(new EncoderStopped(why));
      waiting.clear();
    };
    started.on('exit', (code, signal) => stopped(signal ?? `exit code ${code}`));
    started.on('error', (error) => stopped(error.message));
    return started;
  };
  return {
    encode(bytes, job) {
      try {
        child ??= start();
      } catch (error) {
        return Promise.reject(new EncoderStopped(error instanceof Error ? error.message : String(error)));
      }
      const id = next++;
      const sent = child;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        sent.send({ id, bytes, job } satisfies EncodeRequest);
      });
    },
    async close() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const ended = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      // Without its channel the process has nothing left to wait for and ends by itself.
      if (running.connected) running.disconnect();
      else running.kill();
      await ended;
    },
  };
}
