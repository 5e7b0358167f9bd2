/**
 * One build. When nothing it reads has changed since the last build into the same folder, and
 * that output is as the build left it, the build is already done: it reports what that build
 * reported, and loads no markdown, YAML, React or esbuild at all. Else the pipeline runs.
 */
import { readMemo, type BuildMemo } from './incremental/memo.ts';
import { changedSince, settleKeyOf, surveyInputs, type InputSurvey, type SettleKey } from './incremental/survey.ts';
import type { BuildOptions, BuildResult } from './pipeline.ts';
import { outputMarker } from './write/guard.ts';
import { unchangedOutput } from './write/writer.ts';

export type { BuildOptions, BuildResult, SizedFile } from './pipeline.ts';

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const key = keyOfOptions(options);
  let survey: InputSurvey | undefined;
  let memo: BuildMemo | undefined;
  const { output } = options.writer;
  // The dev server hands its memo in and is told what changed; any other build reads the memo on disk and surveys its inputs.
  if (options.memo === undefined) {
    const last = readMemo(options.root);
    const { record } = last;
    if (output.folder !== undefined) {
      survey = surveyInputs(options.root);
      const settled = record && record.key === settleKeyOf(output, key) && changedSince(record, survey, options.root)?.length === 0;
      if (settled && unchangedOutput(output.folder, record.output)) {
        const files = record.output.files.filter((f) => f !== outputMarker);
        return { ...record.result, files, rendered: 0, largestPage: undefined, elapsedMs: performance.now() - started, way: 'settled' };
      }
    }
    memo = last.rest();
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
    editor: options.editor ? `${options.editor.repo}@${options.editor.branch}` : undefined,
  };
}
