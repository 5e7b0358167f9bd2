/**
 * The browser editor's configuration (Decap CMS), generated from the zod schemas the build validates
 * with: one collection per content type, a widget per field, each field's description as its hint,
 * required and pattern rules, and pick lists for references to other files. A field added to a
 * schema appears in the editor with no other change.
 */
import { z } from 'zod';
import { stringify } from 'yaml';
import { articleSchema, folders, singleFiles } from '../schemas/registry.ts';

/** A JSON Schema node as zod writes it, with the messages of its checks added (see `jsonOf`). */
interface JsonNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  enum?: (string | number)[];
  const?: string | number;
  pattern?: string;
  format?: string;
  default?: unknown;
  anyOf?: JsonNode[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonNode | boolean;
  'x-message'?: string;
}

/** One field of a Decap form. */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  pattern?: [string, string];
  default?: unknown;
  fields?: CmsField[];
  field?: CmsField;
  summary?: string;
  collapsed?: boolean;
  options?: (string | number | { label: string; value: string | number })[];
  multiple?: boolean;
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  collection?: string;
  file?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  format?: string;
  date_format?: string;
  time_format?: boolean;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  [option: string]: unknown;
}

/** A collection of the editor: a folder of files of one type, or a list of single files. */
export interface CmsCollection {
  name: string;
  label: string;
  label_singular?: string;
  description?: string;
  folder?: string;
  extension?: string;
  format: string;
  create?: boolean;
  delete?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  media_folder?: string;
  public_folder?: string;
  /** The page that shows an entry: the preview loads it ({{slug}} and {{fields.NAME}} filled in). */
  preview_path?: string;
  fields?: CmsField[];
  files?: { name: string; label: string; file: string; preview_path: string; fields: CmsField[] }[];
}

/** Where the editor saves: the local folder through the dev server, or a GitHub repository. */
export type CmsBackend = { name: 'proxy'; proxy_url: string; branch: string } | { name: 'github'; repo: string; branch: string; base_url?: string };

/** Decap's configuration as a plain object: `config.yml` in YAML, or handed to `CMS.init` as it is. */
export interface CmsConfig {
  backend: CmsBackend;
  load_config_file?: boolean;
  publish_mode: 'simple';
  media_folder: string;
  public_folder: string;
  site_url?: string;
  display_url?: string;
  logo_url?: string;
  slug: { encoding: 'ascii'; clean_accents: boolean; sanitize_replacement: string };
  collections: CmsCollection[];
}

/** A content type the editor edits: its schema, where its file or files live, and how the editor names them. */
interface EditedType {
  /** The schema file name under schemas/ without .schema.json, as the editor settings name it. */
  type: string;
  schema: z.ZodType;
}

/** Where the pictures of a single file live under public/images/ (folders use their own name). */
const imageFolders: Record<string, string> = { 'inbody-analysis': 'inbody', home: 'uploads' };

/** The single files, grouped as the editor shows them: settings of the whole site, and the pages' words. */
const settingsFiles = ['site', 'navigation', 'redirects'] as const;

/** What each single file is called in the editor, and the page its preview shows. */
const fileLabels: Record<string, { label: string; page: string }> = {
  site: { label: 'Clinic details, hours and links', page: '/#contact' },
  navigation: { label: 'Menus and footer links', page: '/' },
  redirects: { label: 'Old addresses (redirects)', page: '/' },
  home: { label: 'Home page', page: '/' },
  blog: { label: 'Blog page and categories', page: '/blog' },
  process: { label: 'Process page', page: '/process' },
  'not-found': { label: 'Page not found', page: '/404.html' },
  memberships: { label: 'Hormone pellets page', page: '/memberships' },
  'lab-sales': { label: 'Lab testing page', page: '/lab-sales' },
  'inbody-analysis': { label: 'InBody analysis page', page: '/inbody-analysis' },
};

/** How each folder's entries are named, listed and previewed. */
const folderLabels: Record<string, { label: string; singular: string; identifier: string; page: string }> = {
  treatments: { label: 'Treatments', singular: 'Treatment', identifier: 'title', page: '/treatments/{{slug}}/' },
  services: { label: 'Service pages', singular: 'Service page', identifier: 'label', page: '/services/{{fields.pillar}}/{{slug}}' },
  programs: { label: 'Care programs', singular: 'Care program', identifier: 'name', page: '/' },
  legal: { label: 'Legal pages', singular: 'Legal page', identifier: 'title', page: '/legal/{{slug}}' },
  providers: { label: 'Providers', singular: 'Provider', identifier: 'name', page: '/#about' },
};

/** References to other files, by the folder a slug field's description names: a pick list of that folder's entries. */
const folderReferences: { folder: string; display: string }[] = [
  { folder: 'treatments', display: 'title' },
  { folder: 'providers', display: 'name' },
];

/** The article's category: one of the categories of blog.yaml. */
const categoryReference: Partial<CmsField> = {
  widget: 'relation', collection: 'pages', file: 'blog', value_field: 'categories.*.name',
  search_fields: ['categories.*.name'], display_fields: ['categories.*.name'],
};

/** Fields whose text runs to sentences or paragraphs: a text area instead of a line. */
const longTextNames = new Set(['description', 'longDescription', 'intro', 'text', 'bio', 'answer', 'excerpt', 'disclaimer', 'dosage', 'questions', 'bestFor']);

/** The JSON Schema of a zod schema, each pattern with the message the build gives when it is not met. */
function jsonOf(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: ZodDef } })._zod.def;
      const json = ctx.jsonSchema as JsonNode;
      for (const check of def.checks ?? []) {
        const checkDef = check._zod.def;
        if (checkDef.pattern && !json['x-message']) json['x-message'] = messageOf(checkDef.error);
      }
      // An address of another site: zod's url has no pattern in JSON Schema, so the protocol it requires becomes one.
      if (def.format === 'url' && def.protocol) {
        json.pattern = `^(${def.protocol.source.replace(/^\^|\$$/g, '')})://\\S+$`;
        json['x-message'] = messageOf(def.error) ?? 'must be a full web address';
      }
      if (def.format === 'email') json['x-message'] = messageOf(def.error);
    },
  }) as JsonNode;
}

interface ZodDef {
  checks?: { _zod: { def: { pattern?: RegExp; error?: unknown } } }[];
  format?: string;
  protocol?: RegExp;
  error?: unknown;
}

function messageOf(error: unknown): string | undefined {
  const message = typeof error === 'function' ? (error as (issue: object) => unknown)({}) : error;
  return typeof message === 'string' ? message : undefined;
}

/** "officeHours" → "Office hours". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The form fields of a schema (an object at the top): each property in the order the schema lists it. */
export function cmsFields(schema: z.ZodType, type = ''): CmsField[] {
  return objectFields(jsonOf(schema), type);
}

function objectFields(json: JsonNode, path: string): CmsField[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, node]) => fieldOf(name, node, required.has(name) && node.default === undefined, `${path}.${name}`));
}

/** The form field of one property: its widget from its type, its hint from its description. */
function fieldOf(name: string, node: JsonNode, required: boolean, path: string): CmsField {
  const field: CmsField = { name, label: labelOf(name), widget: 'string', ...widgetOf(name, node, path) };
  if (node.description) field.hint = node.description;
  if (!required) field.required = false;
  if (node.default !== undefined && (typeof node.default !== 'object' || node.default === null)) field.default = node.default;
  return field;
}

/** The widget and its options for a JSON Schema node. */
function widgetOf(name: string, node: JsonNode, path: string): Partial<CmsField> {
  if (path === 'article.category') return categoryReference;
  const reference = folderReferences.find((r) => node.description?.includes(`content/${r.folder}/`));
  if (node.type === 'array') return listOf(name, node, path, reference);
  if (reference && node.type === 'string') return relationTo(reference);
  if (node.enum) return { widget: 'select', options: node.enum };
  if (node.anyOf) return choiceOf(node.anyOf);
  if (node.type === 'object') {
    if (node.properties) return { widget: 'object', collapsed: false, fields: objectFields(node, path) };
    return { widget: 'code', default_language: 'yaml' };
  }
  if (node.type === 'boolean') return { widget: 'boolean' };
  if (node.type === 'integer' || node.type === 'number') return numberOf(node);
  if (node.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true };
  const long = longTextNames.has(name) || /paragraph|sentences/i.test(node.description ?? '');
  return { widget: long ? 'text' : 'string', ...patternOf(node) };
}

function patternOf(node: JsonNode): Partial<CmsField> {
  if (!node.pattern) return {};
  return { pattern: [node.pattern, node['x-message'] ?? 'does not have the form the hint describes'] };
}

function numberOf(node: JsonNode): Partial<CmsField> {
  const field: Partial<CmsField> = { widget: 'number', value_type: node.type === 'integer' ? 'int' : 'float' };
  if (node.minimum !== undefined && Math.abs(node.minimum) < Number.MAX_SAFE_INTEGER) field.min = node.minimum;
  if (node.maximum !== undefined && Math.abs(node.maximum) < Number.MAX_SAFE_INTEGER) field.max = node.maximum;
  return field;
}

/** A choice between a number and a word ("2" or "all"): a pick list of both. */
function choiceOf(branches: JsonNode[]): Partial<CmsField> {
  const options: (string | number)[] = [];
  for (const branch of branches) {
    if (branch.const !== undefined) options.push(branch.const);
    else if (branch.enum) options.push(...branch.enum);
    else if (branch.type === 'integer') for (let n = Math.max(branch.minimum ?? 0, 0); n <= Math.min(branch.maximum ?? 10, 10); n++) options.push(n);
  }
  return options.length > 0 ? { widget: 'select', options } : { widget: 'string' };
}

function relationTo(reference: { folder: string; display: string }): Partial<CmsField> {
  return { widget: 'relation', collection: reference.folder, value_field: '{{slug}}', search_fields: [reference.display], display_fields: [reference.display] };
}

/** A list: of groups of fields, of choices (several may be picked), of references, or of lines of text. */
function listOf(name: string, node: JsonNode, path: string, reference?: { folder: string; display: string }): Partial<CmsField> {
  const items = node.items ?? { type: 'string' };
  const bounds: Partial<CmsField> = {};
  if (node.minItems !== undefined && node.minItems > 0) bounds.min = node.minItems;
  if (node.maxItems !== undefined) bounds.max = node.maxItems;
  if (reference) return { ...relationTo(reference), multiple: true, ...bounds };
  if (items.enum) return { widget: 'select', multiple: true, options: items.enum, ...bounds };
  if (items.type === 'object' && items.properties) {
    const fields = objectFields(items, `${path}[]`);
    const first = fields.find((f) => f.widget === 'string' || f.widget === 'relation' || f.widget === 'select');
    return { widget: 'list', collapsed: true, fields, ...(first ? { summary: `{{fields.${first.name}}}` } : {}), ...bounds };
  }
  const long = /paragraph/i.test(node.description ?? '') || longTextNames.has(name);
  const item = fieldOf('item', items, true, `${path}[]`);
  return { widget: 'list', field: { ...item, label: labelOf(name), widget: long ? 'text' : item.widget }, ...bounds };
}

/** Turns the src of every picture group into an image upload into public/images/FOLDER/, whose value is its path from the site root. */
function withImageUploads(fields: CmsField[], folder: string): CmsField[] {
  return fields.map((field) => {
    const inner = field.fields ? withImageUploads(field.fields, folder) : undefined;
    const names = field.fields?.map((f) => f.name) ?? [];
    if (field.widget === 'object' && inner && ['src', 'alt', 'width', 'height'].every((n) => names.includes(n))) {
      const upload = { widget: 'image', media_folder: `/public/images/${folder}`, public_folder: `/images/${folder}`, choose_url: false };
      return { ...field, fields: inner.map((f) => (f.name === 'src' ? { ...f, ...upload, pattern: undefined } : f)) };
    }
    return inner ? { ...field, fields: inner } : field;
  });
}

/** Every content type the editor edits, by schema name. */
function editedTypes(): Map<string, EditedType> {
  const types = new Map<string, EditedType>();
  for (const s of Object.values(singleFiles)) types.set(s.file.replace(/\.yaml$/, ''), { type: s.file.replace(/\.yaml$/, ''), schema: s.schema as z.ZodType });
  for (const f of Object.values(folders)) types.set(f.dir, { type: f.dir.replace(/s$/, ''), schema: f.schema as z.ZodType });
  return types;
}

/**
 * The format of a collection's files (registered by the editor's script): YAML, or front matter, that keeps the
 * file's comments; a new file of a folder starts with the line that points editors at its schema (TYPE.schema.json).
 */
export function formatName(type: string, frontMatter = false): string {
  return `clinic-${frontMatter ? 'frontmatter' : 'yaml'}${type ? `-${type}` : ''}`;
}

/** The field that holds a file whose whole text is a list (redirects.yaml): forms edit objects, so the list is wrapped in one. */
export const listField = 'entries';

/**
 * The editor's collections: the site's settings and the pages' words (single files), the folders of
 * treatments, service pages, programs, legal pages and providers, and the blog's articles.
 */
export function cmsCollections(): CmsCollection[] {
  const types = editedTypes();
  const single = (name: string) => {
    const type = types.get(name)!;
    const fields = withImageUploads(topFields(type.schema, name), imageFolders[name] ?? 'uploads');
    return { name, label: fileLabels[name]?.label ?? labelOf(name), file: `content/${name}.yaml`, preview_path: fileLabels[name]?.page ?? '/', fields };
  };
  const singles = [...types.keys()].filter((n) => !Object.values(folders).some((f) => f.dir === n) && n !== 'metadata');
  const collections: CmsCollection[] = [
    { name: 'settings', label: 'Site settings', format: formatName(''), delete: false, files: singles.filter((n) => (settingsFiles as readonly string[]).includes(n)).map(single) },
    { name: 'pages', label: 'Pages', format: formatName(''), delete: false, files: singles.filter((n) => !(settingsFiles as readonly string[]).includes(n)).map(single) },
  ];
  for (const folder of Object.values(folders)) {
    const type = types.get(folder.dir)!;
    const look = folderLabels[folder.dir] ?? { label: labelOf(folder.dir), singular: labelOf(type.type), identifier: 'title', page: '/' };
    collections.push({
      name: folder.dir, label: look.label, label_singular: look.singular, folder: `content/${folder.dir}`, extension: 'yaml', format: formatName(type.type),
      create: true, slug: `{{${look.identifier}}}`, identifier_field: look.identifier, summary: `{{${look.identifier}}} ({{slug}})`, preview_path: look.page,
      fields: withImageUploads(cmsFields(type.schema, folder.dir), folder.dir),
    });
  }
  collections.push({
    name: 'blog', label: 'Blog articles', label_singular: 'Article', folder: 'content/blog', extension: 'md', format: formatName('article', true),
    create: true, slug: '{{title}}', identifier_field: 'title', summary: '{{title}} ({{publishDate}})', preview_path: '/blog/{{slug}}/',
    // Photos go beside the article, where the build publishes them from.
    media_folder: '', public_folder: '',
    fields: [...articleFields(), { name: 'body', label: 'Text', widget: 'markdown', hint: 'The article itself. Headings start with ##; a blank line starts a new paragraph.' }],
  });
  return collections;
}

/** The fields of a single file; a file that is a list (redirects.yaml) is edited as a list named after the file. */
function topFields(schema: z.ZodType, name: string): CmsField[] {
  const json = jsonOf(schema);
  if (json.type === 'array') return [{ ...fieldOf(listField, json, false, name), label: labelOf(name) }];
  return objectFields(json, name);
}

/** The article's front matter, its image uploaded beside it. */
function articleFields(): CmsField[] {
  return cmsFields(articleSchema, 'article').map((f) => (f.name === 'image' ? { ...f, widget: 'image', media_folder: '', public_folder: '', choose_url: false, pattern: undefined } : f));
}

/** The whole configuration for a backend. */
export function cmsConfig(backend: CmsBackend, siteUrl?: string): CmsConfig {
  return {
    backend,
    publish_mode: 'simple',
    media_folder: 'public/images/uploads',
    public_folder: '/images/uploads',
    ...(siteUrl ? { site_url: siteUrl, display_url: siteUrl } : {}),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: cmsCollections(),
  };
}

/** The committed configuration (schemas/cms.config.yml): what the editor shows, for review; the backend is filled in where it runs. */
export function cmsConfigText(): string {
  const config = cmsConfig({ name: 'github', repo: 'OWNER/REPOSITORY', branch: 'main' });
  const header = '# The browser editor\'s forms (Decap CMS), generated by `npm run generate` from src/schemas; do not edit by hand.\n'
    + '# `clinic-site serve` (at /admin/) and `clinic-site build --editor OWNER/REPOSITORY` set the backend.\n';
  return header + stringify(JSON.parse(JSON.stringify(config)) as unknown, { lineWidth: 0 });
}
