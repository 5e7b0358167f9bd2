/** A render worker: renders batches of routes with the template bundle it is given, off the main thread. */
import { parentPort, workerData } from 'node:worker_threads';
import { handedOn, renderRoute, threadCpuMs, viewRenderer } from './render.ts';
import type { RenderedPage, RenderJob, TemplateModule } from './render.ts';
import type { SharedView } from '../route/view.ts';
import { requireModule } from '../entries.ts';

const { templatesFile, shared } = workerData as { templatesFile: string; shared: SharedView };
const render = await viewRenderer(requireModule<TemplateModule>(templatesFile));
/** With CLINIC_SITE_TIMINGS, this thread's CPU once ready: what starting it cost, told apart from what its pages cost. */
const timed = Boolean(process.env.CLINIC_SITE_TIMINGS);
const ready = timed ? threadCpuMs() : undefined;

parentPort!.on('message', (jobs: RenderJob[]) => {
  try {
    const outputs: RenderedPage[] = jobs.map((job) => handedOn(renderRoute(render, shared, job)));
    const now = timed ? threadCpuMs() : undefined;
    // The pages' bytes are moved, not copied: the main thread writes them as they are, and never holds the HTML as text.
    parentPort!.postMessage(
      { outputs, cpu: ready === undefined || now === undefined ? undefined : { startup: ready, pages: now - ready } },
      outputs.flatMap((output) => [output.html.buffer, ...(output.searchText ? [output.searchText.buffer] : [])] as ArrayBuffer[]),
    );
  } catch (error) {
    const e = error as { code?: string; message?: string; hint?: string };
    parentPort!.postMessage({ error: { code: e.code, message: e.message ?? String(error), hint: e.hint } });
  }
});
