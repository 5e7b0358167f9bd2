/**
 * One build. When nothing it reads has changed since the last build into the same folder, and
 * that output is as the build left it, the build is already done: it reports what that build
 * reported, and loads no markdown, YAML, React or esbuild at all. Else the pipeline runs.
 */
import { readSettled, type BuildMemo } from './incremental/memo.ts';
import { changedSince, settleKeyOf, surveyInputs, type InputSurvey, type SettleKey } from './incremental/survey.ts';
import type { BuildOptions, BuildResult } from './pipeline.ts';
import { outputMarker } from './write/guard.ts';

export type { BuildOptions, BuildResult, SizedFile } from './pipeline.ts';

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const key = keyOfOptions(options);
  let survey: InputSurvey | undefined;
  let memo: BuildMemo | undefined;
  // Only a build that reads and writes the memo on disk surveys its inputs: the dev server is told what changed.
  // A build with the editor is never taken over whole, nor recorded to be: the option is not among what the survey keys.
  if (options.memo === undefined && options.writer.survey && !options.editor) {
    survey = surveyInputs(options.root);
    const last = readSettled(options.root);
    const record = last?.record;
    if (record && record.key === settleKeyOf(options.writer, key) && changedSince(record, survey, options.root)?.length === 0 && options.writer.unchangedSince?.(record.output)) {
      const files = record.output.files.filter((f) => f !== outputMarker);
      return { ...record.result, files, rendered: 0, largestPage: undefined, elapsedMs: performance.now() - started, way: 'settled' };
    }
    memo = last?.rest();
  }
  const { pipeline } = await import('./pipeline.ts');
  return pipeline(options, { started, key, survey, memo });
}

/** What decides a build's output besides the files it reads; the day is taken once, so a build across midnight is of one day. */
function keyOfOptions(options: BuildOptions): SettleKey {
  return {
    baseUrl: options.baseUrl,
    drafts: options.drafts ?? false,
    future: options.future ?? false,
    today: options.today ?? new Date().toISOString().slice(0, 10),
    strictReview: options.strictReview ?? false,
  };
}
