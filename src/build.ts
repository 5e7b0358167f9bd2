/**
 * One build. When nothing it reads has changed since the last build into the same folder, and
 * that output is as the build left it, the build is already done (incremental/settled.ts); when
 * only article bodies changed, only their pages are made again (incremental/bodies.ts); else the
 * pipeline runs (pipeline.ts). A settled build loads no markdown, YAML, React or esbuild at all.
 */
import { settledBuild, type SettleKey } from './incremental/settled.ts';
import type { BuildOptions, BuildResult } from './pipeline.ts';

export type { BuildOptions, BuildResult, SizedFile } from './pipeline.ts';

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const key = settleKeyOf(options);
  // Only a build that reads and writes the cache on disk settles: the dev server's keeps its own memory.
  const settled = settledBuild(options.root, options.writer, key, options.cache === undefined && options.changed === undefined);
  if ('result' in settled) return { ...settled.result, rendered: 0, largestPage: undefined, elapsedMs: performance.now() - started, way: 'settled' };
  // What the last build left in the output: the commit need not read again the folders no one has touched since.
  if (settled.output) options.writer.lastSeen?.(settled.output);
  if (settled.edits && settled.survey) {
    // Only some files' stamps changed: when they are article bodies alone, only their pages are made again.
    const { bodyEdits } = await import('./incremental/bodies.ts');
    const result = await bodyEdits(options, { started, key, survey: settled.survey, edits: settled.edits });
    if (result) return result;
  }
  if (options.cache && options.changed) {
    // The dev server, told what changed: when only article bodies did, only their pages are made again.
    const { servedBodyEdits } = await import('./incremental/bodies.ts');
    const result = await servedBodyEdits({ ...options, cache: options.cache, changed: options.changed }, { started, key, survey: undefined });
    if (result) return result;
  }
  const { pipeline } = await import('./pipeline.ts');
  return pipeline(options, { started, key, survey: settled.survey });
}

/** What decides a build's output besides the files it reads; the day is taken once, so a build across midnight is of one day. */
function settleKeyOf(options: BuildOptions): SettleKey {
  return {
    baseUrl: options.baseUrl,
    drafts: options.drafts ?? false,
    future: options.future ?? false,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    strictReview: options.strictReview ?? false,
  };
}
