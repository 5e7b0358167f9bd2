/**
 * The hosted editor's page builder (`build --editor`, no server): loads the preview's script and the snapshot of the site
 * (hosted-preview.ts) when a preview is first shown, and makes each page in the browser with them. Runs in the editor.
 */
import type { PageBuilder, PageRequest, PreviewAnswer } from './preview.ts';

/** The preview's files beside the editor (admin/): its script and the snapshot of the site. */
export interface HostedPreviewFiles {
  script: string;
  snapshot: string;
}

/** What the preview's script puts on the window (cms/browser/page-preview.ts). */
type PagePreview = (snapshot: unknown, request: PageRequest) => Promise<PreviewAnswer>;

/** Loads the preview's script once; resolves to what it puts on the window. */
function loadScript(src: string): Promise<PagePreview> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => {
      const preview = (window as { clinicPagePreview?: PagePreview }).clinicPagePreview;
      if (preview) resolve(preview);
      else reject(new Error('its script did not start'));
    };
    script.onerror = () => reject(new Error(`its script (${src}) could not be loaded`));
    document.head.append(script);
  });
}

/** Fetches the snapshot once. */
async function loadSnapshot(src: string): Promise<unknown> {
  const response = await fetch(src);
  if (!response.ok) throw new Error(`the copy of the site it shows (${src}) could not be loaded (${response.status})`);
  return response.json();
}

/** The builder of the hosted editor's previews, from the preview's files. */
export function hostedBuilder(files: HostedPreviewFiles): PageBuilder {
  let ready: Promise<[PagePreview, unknown]> | undefined;
  return async (request) => {
    ready ??= Promise.all([loadScript(files.script), loadSnapshot(files.snapshot)]);
    try {
      const [preview, snapshot] = await ready;
      return await preview(snapshot, request);
    } catch (error) {
      ready = undefined;
      const why = (error as Error).message;
      return { errors: [{ title: 'The preview could not start', message: `${why[0]!.toUpperCase()}${why.slice(1)}.`, hint: reloadHint }] };
    }
  };
}

const reloadHint = 'reload the page; if it happens again, tell whoever set up the website (the entry itself can still be saved)';
