/**
 * The editor's preview: the real page, built by the dev server from the entry's unsaved values with the
 * site's own templates, CSS and script, shown in a frame beside the form at a phone's or a desktop's width
 * (preview-width.ts; preview-frame.ts keeps its links in the preview and follows the author's typing). When the entry
 * has a problem, the build's located message is shown over the last good page. Runs in the browser, inside Decap's preview pane.
 */
import { createElement as h, useEffect, useRef, useState, type ReactElement } from 'react';
import type { FileFormat } from './file-format.ts';
import { frameState, readyFrame, type FrameState } from './preview-frame.ts';
import { frameStyle, lastWidth, rememberWidth, useStageWidth, widthSwitch, type PreviewWidth } from './preview-width.ts';

/** A problem as the dev server's overlay receives it (src/report.ts OverlayError). */
export interface PreviewProblem {
  title: string;
  message: string;
  hint?: string;
  file?: string;
  line?: number;
  column?: number;
}

/** What the preview endpoint answers: the page, or the build's problems. */
export type PreviewAnswer =
  | { html: string; page: string; warnings?: string[] }
  | { errors: PreviewProblem[] }
  /** No page of the site shows the entry yet (the dev server's answer for a new treatment no card names). */
  | { notShown: string };

/** What a preview is asked for: the page `page` with `file` holding `text`, and the photos chosen but not saved yet. */
export interface PageRequest {
  file: string;
  text: string;
  page: string;
  photos?: { path: string; content: string }[];
}

/** Builds the page a preview shows: the dev server's endpoint (serve), or the site's own code in the browser (hosted-builder.ts). */
export type PageBuilder = (request: PageRequest, signal: AbortSignal) => Promise<PreviewAnswer>;

/** The dev server's preview endpoint as a page builder. */
export function endpointBuilder(endpoint: string): PageBuilder {
  return (request, signal) =>
    fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(request), signal })
      .then((response) => response.json() as Promise<PreviewAnswer>);
}

/** The little of Decap's Immutable maps the preview reads. */
interface ImmutableLike {
  get(key: string): unknown;
  toJS(): unknown;
}

/** What Decap hands a preview template. */
export interface PreviewProps {
  entry: ImmutableLike;
  collection: ImmutableLike;
  fields?: ImmutableLike;
  /** A file the entry names (a photo), as Decap holds it: a photo chosen but not saved yet has its file. */
  getAsset?: (path: string) => unknown;
  /** Decap's store (its preview pane hands it on): the photos chosen in the form, by project path, among `medias`. */
  state?: { medias?: Record<string, { asset?: HeldPhoto } | undefined> };
}

/** What Decap holds of a photo: where it will be saved, and its file while it is not yet. */
interface HeldPhoto {
  path?: string;
  fileObj?: Blob;
}

/** The photos the entry names that were chosen in the form but not saved yet, with their bytes in base64. */
async function unsavedPhotos(props: PreviewProps, data: unknown): Promise<{ path: string; content: string }[]> {
  const found: { path: string; content: string }[] = [];
  for (const name of photoNames(data)) {
    const held = await heldPhoto(props, name);
    // While Decap still loads a saved photo it holds a stand-in (empty.svg) with a file: that is no photo to send.
    if (!held?.fileObj || !held.path || !/\.(png|jpe?g|webp|avif|gif)$/i.test(held.path)) continue;
    const bytes = new Uint8Array(await held.fileObj.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    found.push({ path: held.path.replace(/^\/+/, ''), content: btoa(binary) });
  }
  return found;
}

/**
 * What Decap holds of the photo `name`. A photo uploaded into a folder of its own (a provider's portrait, into
 * public/images/providers/) is named by its address on the site (/images/providers/x.jpg), which Decap takes for an address
 * and never looks up among the uploads it holds: the preview reported the photo missing before she saved. It is found here
 * among Decap's uploads (its store's `medias`, by project path), whose path ends with that address.
 */
async function heldPhoto(props: PreviewProps, name: string): Promise<HeldPhoto | undefined> {
  const held = (await Promise.resolve(props.getAsset?.(name))) as HeldPhoto | undefined;
  if (held?.fileObj && held.path && picture.test(held.path)) return held;
  const uploads = Object.entries(props.state?.medias ?? {});
  const upload = uploads.find(([path, media]) => path.endsWith(name) && media?.asset?.fileObj && picture.test(path));
  return upload ? upload[1]!.asset : held;
}

const picture = /\.(png|jpe?g|webp|avif|gif)$/i;

/** Every value of the entry that names a picture file. */
function photoNames(value: unknown): string[] {
  if (typeof value === 'string') return /\.(png|jpe?g|webp|avif|gif)$/i.test(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(photoNames);
  if (value && typeof value === 'object') return Object.values(value).flatMap(photoNames);
  return [];
}

/** A single file of a collection, as the configuration lists it. */
interface PreviewedFile {
  name: string;
  file: string;
  preview_path: string;
}

/** Which file an entry is, and the page that shows it, from the collection's folder, file list and preview path. */
export function entryTarget(props: PreviewProps, data: Record<string, unknown>): { file: string; page: string } {
  const { entry, collection } = props;
  const slug = String(entry.get('slug') || slugOf(String(data[String(collection.get('identifier_field') ?? 'title')] ?? 'new-entry')));
  const files = (collection.get('files') as ImmutableLike | undefined)?.toJS() as PreviewedFile[] | undefined;
  const own = files?.find((f) => f.name === slug);
  const path = String(entry.get('path') || '');
  const file = own?.file ?? (path || `${String(collection.get('folder'))}/${slug}.${String(collection.get('extension'))}`);
  const pattern = own?.preview_path ?? String(collection.get('preview_path') ?? '/');
  const page = pattern.replace(/\{\{slug\}\}/g, slug).replace(/\{\{fields\.(\w+)\}\}/g, (_, name: string) => String(data[name] ?? ''));
  return { file, page };
}

/** A file name from a title, as Decap makes one (lower case ASCII words joined by hyphens). */
export function slugOf(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'new-entry';
}

/** How long the preview waits after the last keystroke before it builds the page again. */
const settleMs = 400;

/** Makes the preview template for a collection whose files are written with `format`, its pages built by `builder`. */
export function previewTemplate(format: FileFormat, builder: PageBuilder): (props: PreviewProps) => ReactElement {
  return function RealPagePreview(props: PreviewProps): ReactElement {
    const [html, setHtml] = useState<string | undefined>(undefined);
    const [problems, setProblems] = useState<PreviewProblem[]>([]);
    const [warnings, setWarnings] = useState<string[]>([]);
    const [status, setStatus] = useState('Building the page…');
    const [width, setWidth] = useState<PreviewWidth>(lastWidth());
    const frame = useRef<HTMLIFrameElement>(null);
    const stage = useRef<HTMLDivElement>(null);
    const stageWidth = useStageWidth(stage);
    const data = (props.entry.get('data') as ImmutableLike).toJS() as Record<string, unknown>;
    const formFields = (props.fields?.toJS() ?? []) as { name: string; label?: string }[];
    const fieldNames = formFields.map((f) => f.name);
    const labels = new Map(formFields.map((f) => [f.name, f.label ?? f.name]));
    const { file, page } = entryTarget(props, data);
    const text = format.toFile(data, fieldNames);
    const newRecord = Boolean(props.entry.get('newRecord'));

    useEffect(() => {
      const controller = new AbortController();
      const timer = setTimeout(async () => {
        const photos = await unsavedPhotos(props, data).catch(() => []);
        builder({ file, text, page, photos }, controller.signal)
          .then((answer) => {
            if (controller.signal.aborted) return;
            if ('notShown' in answer) {
              setProblems([]);
              setHtml(undefined);
              setStatus(notShownNote(String(props.collection.get('name'))));
              return;
            }
            if ('errors' in answer) {
              // A new entry's fields still empty are what she is about to fill in, not problems (Publish asks for them).
              const shown = newRecord ? answer.errors.filter((p) => !isMissing(p)) : answer.errors;
              setProblems(shown);
              const empty = answer.errors.filter(isMissing).map((p) => labels.get(missingName(p)) ?? missingName(p));
              setStatus(shown.length === 0 && html === undefined ? fillInNote(empty) : '');
              return;
            }
            left = frameState(frame.current, shownPage) ?? left;
            shownPage = page;
            setProblems([]);
            setWarnings(answer.warnings ?? []);
            setHtml(answer.html);
            setStatus('');
          })
          .catch((error: unknown) => {
            if ((error as Error).name !== 'AbortError') setStatus(`The preview could not be built: ${(error as Error).message}`);
          });
      }, settleMs);
      return () => {
        clearTimeout(timer);
        controller.abort();
      };
    }, [file, text, page]);

    const choose = (chosen: PreviewWidth) => setWidth(rememberWidth(chosen));
    return h(
      'div',
      { className: 'clinic-preview', style: { display: 'flex', flexDirection: 'column', height: '100vh' } },
      widthSwitch(width, choose),
      h(
        'div',
        { ref: stage, style: { position: 'relative', flex: '1 1 auto', overflow: 'hidden', background: '#e5e7eb' } },
        html === undefined ? h('p', { role: 'status', style: noteStyle }, status || 'Building the page…') : null,
        html === undefined
          ? null
          : h('iframe', {
              ref: frame,
              title: `Preview of ${page}`,
              srcDoc: html,
              'data-preview-width': width,
              style: frameStyle(width, stageWidth),
              onLoad: () => readyFrame(frame.current, page, left),
            }),
        problems.length > 0 ? problemPanel(problems) : warnings.length > 0 ? warningPanel(warnings) : null,
      ),
    );
  };
}

/** A problem that is a field left empty ('"name" is required but missing'). */
const isMissing = (problem: PreviewProblem) => /^"[^"]+" is required but missing/.test(problem.message);
const missingName = (problem: PreviewProblem) => /^"([^"]+)"/.exec(problem.message)![1]!;

/** What the preview of a new entry says until its required fields are filled in. */
function fillInNote(empty: string[]): string {
  const still = empty.length > 0 ? ` Still to fill in: ${empty.join(', ')}.` : '';
  return `The page shows here once the form's required fields are filled in.${still}`;
}

/** What the preview says of an entry no page shows yet. */
function notShownNote(collection: string): string {
  const where =
    collection === 'treatments'
      ? " A treatment shows once a service page's card names it (Service pages, Add card), or the Home page's treatment lists."
      : '';
  return `No page of the site shows this entry yet, so there is nothing to preview.${where}`;
}

const noteStyle = { font: '16px system-ui, sans-serif', padding: '24px', color: '#1f2937' } as const;
/** The problems sit over the top of the page, clear of Decap's buttons at the right of the pane. */
const panelStyle = {
  position: 'absolute',
  inset: '0 0 auto 0',
  maxHeight: '70%',
  overflow: 'auto',
  background: '#fff7ed',
  borderBottom: '3px solid #c2410c',
  padding: '16px 72px 16px 20px',
  font: '15px/1.5 system-ui, sans-serif',
  color: '#1f2937',
  boxShadow: '0 4px 16px rgb(0 0 0 / 0.2)',
} as const;

/** The build's messages over the last good page: where (file, line, column), what is wrong and what to do. */
function problemPanel(problems: PreviewProblem[]): ReactElement {
  return h(
    'section',
    {
      role: 'alert',
      'data-preview-problems': '',
      style: panelStyle,
    },
    h(
      'h2',
      { style: { margin: '0 0 8px', fontSize: '17px', color: '#9a3412' } },
      `This entry has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}: the page below is the last good version`,
    ),
    h(
      'ul',
      { style: { margin: 0, paddingLeft: '20px' } },
      ...problems.map((p, i) =>
        h(
          'li',
          { key: i, style: { marginBottom: '8px' } },
          h('strong', null, p.file ? `${p.file}${p.line ? `, line ${p.line}` : ''}${p.column ? `, column ${p.column}` : ''}` : p.title),
          h('span', null, `: ${p.message}`),
          p.hint ? h('div', { style: { color: '#374151' } }, `What to do: ${p.hint}`) : null,
        ),
      ),
    ),
  );
}

/** The build's warnings about the entry (a photo too small, and the width it needs): it saves, but should be better. */
function warningPanel(warnings: string[]): ReactElement {
  return h(
    'section',
    { role: 'status', 'data-preview-warnings': '', style: { ...panelStyle, background: '#fefce8', borderBottomColor: '#a16207' } },
    h('h2', { style: { margin: '0 0 8px', fontSize: '17px', color: '#854d0e' } }, 'This entry can be saved, but:'),
    h('ul', { style: { margin: 0, paddingLeft: '20px' } }, ...warnings.map((w, i) => h('li', { key: i }, w))),
  );
}

/** The page last shown in the frame, and where it was left when a new build of it came (its scroll, its text). */
let shownPage = '';
let left: FrameState | undefined;
