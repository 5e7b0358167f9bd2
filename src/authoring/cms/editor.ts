/**
 * The editor's script (bundled by esbuild with Decap CMS and the site's own copy of React): registers the
 * file formats and the real-page preview of every collection, then starts Decap with the generated
 * configuration the page points at (`config.json` beside it).
 */
import CMS from 'decap-cms-app';
import { frontMatterFormat, schemaLine, unreadEntryProblem, yamlFormat, type FileFormat, type SchemaLineOf } from './file-format.ts';
import { dateWidget, PlainDateControl, PlainDatePreview } from './date-widget.ts';
import { endpointBuilder, previewTemplate, type PageBuilder, type PreviewProps } from './preview.ts';
import { hostedBuilder, type HostedPreviewFiles } from './hosted-builder.ts';
import { previewsByName } from './preview-names.ts';
import { showSaveProblems } from './save-problems.ts';
import { showPlaces } from './shown-on.ts';
import { offerNewCategory } from './new-category.ts';
import { sendSecret } from './session.ts';
import { spanishSaves } from './spanish-save.ts';
import { spanishVersionsFile, type SpanishVersion } from './spanish-versions.ts';
import { herWordsForFailures, sayWhenServerIsGone } from './toasts.ts';
import { listUploadsOnly } from './in-memory-repository.ts';
import type { CmsConfig } from '../cms-config.ts';

/** The little of Decap's API the editor uses. */
interface Decap {
  registerCustomFormat(name: string, extension: string, format: FileFormat): void;
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void;
  registerPreviewStyle(style: string, options?: { raw: boolean }): void;
  registerWidget(name: string, control: unknown, preview: unknown): void;
  init(options: { config: CmsConfig & { load_config_file: false } }): void;
  registerEventListener(listener: { name: 'preSave' | 'postSave'; handler: (event: { entry: DecapEntry }) => unknown }): void;
  getLocale(locale: string): unknown;
  registerLocale(locale: string, phrases: unknown): void;
}

/** The little of Decap's entry (an Immutable map) the editor reads before a save. */
interface DecapEntry {
  get(key: 'newRecord'): boolean | undefined;
  get(key: 'data'): { toJS(): Record<string, unknown> };
}

/** Refuses to save an entry whose file was never read: Decap would write only the form's values over the file. */
function guardUnreadEntries(decap: Decap): void {
  decap.registerEventListener({
    name: 'preSave',
    handler: ({ entry }) => {
      const problem = unreadEntryProblem(Boolean(entry.get('newRecord')), entry.get('data').toJS());
      if (problem) throw new Error(problem);
      return undefined;
    },
  });
}

/**
 * Opens an entry afresh when only the address changes from one entry to another (typed, or pasted): Decap then keeps
 * showing the entry it had, or an empty form that never loads. The editor's own links go through the lists, never so.
 */
function reloadOnEntryAddress(): void {
  const entry = /^#\/collections\/[^/]+\/entries\//;
  window.addEventListener('hashchange', (event) => {
    const from = new URL(event.oldURL).hash;
    const to = new URL(event.newURL).hash;
    if (entry.test(from) && entry.test(to) && from !== to) window.location.reload();
  });
}

/** What the page tells the script: where the configuration is; on the dev server, where previews are built and its secret. */
interface EditorSettings {
  config: string;
  preview?: string;
  secret?: string;
  listField: string;
  /** On the hosted site (`build --editor`): the preview's script and the snapshot of the site it makes pages from. */
  hostedPreview?: HostedPreviewFiles;
  /** Where each entry shows on the site (places.json). */
  places?: string;
}

/** How this editor's previews are built: by the dev server, or in the browser on the hosted site; none without either. */
function pageBuilder(settings: EditorSettings): PageBuilder | undefined {
  if (settings.preview) return endpointBuilder(settings.preview);
  return settings.hostedPreview ? hostedBuilder(settings.hostedPreview) : undefined;
}

/**
 * The schema line of each single file (content/NAME.yaml), told apart by its form's fields. Every collection of single files
 * shares one format (Decap keeps the last registered under a name), so the lines are those of all their files.
 */
function singleFileLines(config: CmsConfig): SchemaLineOf {
  const lines = new Map<string, string>();
  for (const file of config.collections.flatMap((collection) => collection.files ?? [])) {
    const keys = file.fields.map((f) => f.name).join(' ');
    // Two files with the same fields cannot be told apart: neither gets a line rather than the other's.
    lines.set(keys, lines.has(keys) ? '' : schemaLine(file.name, 1));
  }
  return (keys) => lines.get(keys.join(' ')) ?? '';
}

/** The Spanish entries beside the configuration (none when the site has no Spanish version, or the file is missing). */
async function spanishVersions(): Promise<SpanishVersion[]> {
  const answer = await fetch(spanishVersionsFile).catch(() => undefined);
  return answer?.ok ? ((await answer.json()) as SpanishVersion[]) : [];
}

async function start(): Promise<void> {
  const settings = JSON.parse(document.getElementById('clinic-editor-settings')!.textContent!) as EditorSettings;
  const config = (await (await fetch(settings.config)).json()) as CmsConfig;
  // The dev server's backend and preview answer only requests that carry its secret.
  if (settings.secret && config.backend.name === 'proxy') sendSecret(settings.secret, [config.backend.proxy_url, settings.preview ?? '']);
  // The dev server refuses a save the site would not build with: its message goes to the field it concerns.
  if (config.backend.name === 'proxy') showSaveProblems(config.backend.proxy_url);
  // A request that never reaches the dev server is told in words, as its refusals are.
  if (config.backend.name === 'proxy') sayWhenServerIsGone([config.backend.proxy_url]);
  if (settings.places) showPlaces(settings.places, config);
  // The browser tests' in-memory repository in place of GitHub: an article's folder holds text files beside its pictures.
  if (config.backend.name === 'test-repo') listUploadsOnly();
  // The articles' categories are the Blog page's (a list in content/blog.yaml): the article's form links to them.
  offerNewCategory('blog', '#/collections/pages/entries/blog');
  const decap = CMS as unknown as Decap;
  herWordsForFailures(decap);
  const singleFiles = singleFileLines(config);
  const previews: { name: string; collection: string; template: (props: PreviewProps) => unknown }[] = [];
  const builder = pageBuilder(settings);
  for (const collection of config.collections) {
    const name = collection.format;
    // A Spanish collection's format is its English one's, named apart (".es"): the same schema line.
    const type = name.replace(/^clinic-(yaml|frontmatter)-?/, '').replace(/\.es$/, '');
    const line = type ? schemaLine(type, 2) : singleFiles;
    // A collection of single files has one format: the order of its files' fields together (the first file's wins).
    const order = collection.fields ?? (collection.files ?? []).flatMap((file) => file.fields);
    const format = name.startsWith('clinic-frontmatter') ? frontMatterFormat(line, order) : yamlFormat(line, settings.listField, order);
    decap.registerCustomFormat(name, collection.extension ?? 'yaml', format);
    if (!builder) continue;
    const template = previewTemplate(format, builder);
    previews.push({ name: collection.name, collection: collection.name, template });
    for (const file of collection.files ?? []) previews.push({ name: file.name, collection: collection.name, template });
  }
  for (const [name, template] of previewsByName(previews)) decap.registerPreviewTemplate(name, template);
  // The frame of the preview fills the pane: the page inside it brings its own CSS.
  decap.registerPreviewStyle('html, body { margin: 0; padding: 0; } .frame-content > div { height: 100vh; }', { raw: true });
  decap.registerWidget(dateWidget, PlainDateControl, PlainDatePreview);
  guardUnreadEntries(decap);
  // Without a server when she saves (the hosted editor), a Spanish save writes its record itself.
  spanishSaves(decap as never, await spanishVersions(), config.backend.name !== 'proxy');
  reloadOnEntryAddress();
  decap.init({ config: { ...config, load_config_file: false } });
}

void start();
