/**
 * The editor's script (bundled by esbuild with Decap CMS and the site's own copy of React): registers the
 * file formats and the real-page preview of every collection, then starts Decap with the generated
 * configuration the page points at (`config.json` beside it).
 */
import CMS from 'decap-cms-app';
import { frontMatterFormat, schemaLine, yamlFormat, type FileFormat } from './file-format.ts';
import { previewTemplate, type PreviewProps } from './preview.ts';
import type { CmsConfig } from '../cms-config.ts';

/** The little of Decap's API the editor uses. */
interface Decap {
  registerCustomFormat(name: string, extension: string, format: FileFormat): void;
  registerPreviewTemplate(name: string, component: (props: PreviewProps) => unknown): void;
  registerPreviewStyle(style: string, options?: { raw: boolean }): void;
  init(options: { config: CmsConfig & { load_config_file: false } }): void;
}

/** What the page tells the script: where the configuration is, and where previews are built (none on a static host). */
interface EditorSettings {
  config: string;
  preview?: string;
  listField: string;
}

async function start(): Promise<void> {
  const settings = JSON.parse(document.getElementById('clinic-editor-settings')!.textContent!) as EditorSettings;
  const config = (await (await fetch(settings.config)).json()) as CmsConfig;
  const decap = CMS as unknown as Decap;
  for (const collection of config.collections) {
    const name = collection.format;
    const type = name.replace(/^clinic-(yaml|frontmatter)-?/, '');
    const line = type ? schemaLine(type, 2) : '';
    // A collection of single files has one format: the order of its files' fields together (the first file's wins).
    const order = collection.fields ?? (collection.files ?? []).flatMap((file) => file.fields);
    const format = name.startsWith('clinic-frontmatter') ? frontMatterFormat(line, order) : yamlFormat(line, settings.listField, order);
    decap.registerCustomFormat(name, collection.extension ?? 'yaml', format);
    if (!settings.preview) continue;
    const template = previewTemplate(format, settings.preview);
    decap.registerPreviewTemplate(collection.name, template);
    for (const file of collection.files ?? []) decap.registerPreviewTemplate(file.name, template);
  }
  // The frame of the preview fills the pane: the page inside it brings its own CSS.
  decap.registerPreviewStyle('html, body { margin: 0; padding: 0; } .frame-content > div { height: 100vh; }', { raw: true });
  decap.init({ config: { ...config, load_config_file: false } });
}

void start();
