/**
 * The browser editor's configuration (Decap CMS), generated from the zod schemas the build validates
 * with: one collection per content type (single files grouped as site settings and pages), the folders,
 * and the blog, each entry's fields from cms-fields.ts. The backend is set where the editor runs.
 */
import type { z } from 'zod';
import { stringify } from 'yaml';
import { articleSchema, folders, singleFiles } from '../schemas/registry.ts';
import { cmsFields, fieldOf, jsonOf, labelOf, objectFields, singularOf, type CmsField } from './cms-fields.ts';
import { englishKey, wordsKey } from './cms/file-format.ts';

/** A field of a form (cms-fields.ts makes them). */
export type { CmsField } from './cms-fields.ts';

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
  /** Left out of the editor's lists: reached by links only. */
  hide?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  media_folder?: string;
  public_folder?: string;
  /** The page that shows an entry: the preview loads it ({{slug}} and {{fields.NAME}} filled in). */
  preview_path?: string;
  /** Only the entries whose field has this value: a folder lists its English files, not their translations. */
  filter?: { field: string; value: unknown };
  fields?: CmsField[];
  files?: CmsFile[];
}

/** A single file of a collection of files. */
export interface CmsFile {
  name: string;
  label: string;
  file: string;
  preview_path: string;
  fields: CmsField[];
}

/**
 * Where the editor saves: the local folder through the dev server, or a GitHub repository (`preview_context`: the commit
 * status of the host's deploy preview, when its name lacks "deploy"), or Decap's in-memory `test-repo` (browser tests only).
 */
export type CmsBackend =
  | { name: 'proxy'; proxy_url: string; branch: string }
  | { name: 'github'; repo: string; branch: string; base_url?: string; preview_context?: string }
  | { name: 'test-repo' };

/** Decap's configuration as a plain object: `config.yml` in YAML, or handed to `CMS.init` as it is. */
export interface CmsConfig {
  backend: CmsBackend;
  load_config_file?: boolean;
  /** `editorial_workflow` (the hosted editor): each change a branch and pull request, published from the Workflow tab. */
  publish_mode: 'simple' | 'editorial_workflow';
  /** Links to the host's deploy preview of a change (and to the page on the site). */
  show_preview_links?: boolean;
  media_folder: string;
  public_folder: string;
  site_url?: string;
  display_url?: string;
  logo_url?: string;
  /** The picture on the login page (Decap's GitHub login); not repeated in the editor's header. */
  logo?: { src: string; show_in_header: boolean };
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
  'cost-and-insurance': { label: 'Costs and insurance page', page: '/cost-and-insurance' },
  strings: { label: 'Words used on every page', page: '/' },
  search: { label: 'Search box and page', page: '/search' },
};

/** How each folder's entries are named, listed, described over the list and previewed. */
const folderLabels: Record<string, { label: string; singular: string; identifier: string; page: string; description?: string }> = {
  treatments: {
    label: 'Treatments',
    singular: 'Treatment',
    identifier: 'title',
    page: '/treatments/{{slug}}/',
    description:
      'Each treatment\'s description, dosage, indications and questions (FAQ). The cards of the service pages and the home ' +
      'page\'s treatment lists show them.',
  },
  services: {
    label: 'Service pages',
    singular: 'Service page',
    identifier: 'label',
    page: '/services/{{fields.pillar}}/{{slug}}',
    description: 'The pages under /services/. Their cards show treatments, whose text and questions are changed in Treatments.',
  },
  programs: { label: 'Care programs', singular: 'Care program', identifier: 'name', page: '/' },
  legal: { label: 'Legal pages', singular: 'Legal page', identifier: 'title', page: '/legal/{{slug}}' },
  providers: {
    label: 'Providers',
    singular: 'Provider',
    identifier: 'name',
    page: '/#about',
    description:
      'The clinicians of the practice. A provider shows by name and credentials on the pages they reviewed (Reviewed by) and ' +
      "the articles they wrote; the founder (Pages, Home page, About) also with photo and role in the home page's About section.",
  },
};

/**
 * Makes the src of every picture (src, alt, width, height) an upload into public/images/FOLDER/, valued by its path from the
 * root. The form leaves out width and height: the build measures every picture, and a size typed by hand can only be wrong.
 */
function withImageUploads(fields: CmsField[], folder: string): CmsField[] {
  return fields.map((field) => {
    const inner = field.fields ? withImageUploads(field.fields, folder) : undefined;
    const names = field.fields?.map((f) => f.name) ?? [];
    if (field.widget === 'object' && inner && ['src', 'alt', 'width', 'height'].every((n) => names.includes(n))) {
      const upload = { widget: 'image', media_folder: `/public/images/${folder}`, public_folder: `/images/${folder}`, choose_url: false };
      const picture = { ...pictureFields.src, ...upload, pattern: undefined };
      const kept = inner.filter((f) => f.name !== 'width' && f.name !== 'height');
      const shown = (f: CmsField): CmsField =>
        f.name === 'src' ? { ...f, ...picture } : f.name === 'alt' ? { ...f, ...pictureFields.alt } : f;
      return { ...field, fields: kept.map(shown) };
    }
    return inner ? { ...field, fields: inner } : field;
  });
}

/** How a picture's fields read in the form: words of the office, not of HTML. */
const pictureFields = {
  src: { label: 'Picture', hint: 'Choose or upload a photo; its width and height are measured, never typed.' },
  alt: { label: 'Alt text', hint: 'What the picture shows, in a short sentence, for visitors who cannot see it.' },
};

/** Every content type the editor edits, by schema name. */
function editedTypes(): Map<string, EditedType> {
  const types = new Map<string, EditedType>();
  for (const s of Object.values(singleFiles)) {
    const name = s.file.replace(/\.yaml$/, '');
    types.set(name, { type: name, schema: s.schema as z.ZodType });
  }
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

/** The field that holds a file whose whole text is a list (redirects.yaml): forms edit objects, so it is wrapped in one. */
export const listField = 'entries';

/**
 * The editor's collections: the site's settings and the pages' words (single files), the folders of
 * treatments, service pages, programs, legal pages and providers, and the blog's articles.
 */
export function cmsCollections(): CmsCollection[] {
  const types = editedTypes();
  const single = (name: string): CmsFile => {
    const fields = withImageUploads(topFields(types.get(name)!.schema, name), imageFolders[name] ?? 'uploads');
    const look = fileLabels[name] ?? { label: labelOf(name), page: '/' };
    return { name, label: look.label, file: `content/${name}.yaml`, preview_path: look.page, fields: [...fields, wordsField] };
  };
  const isFolder = (name: string) => Object.values(folders).some((f) => f.dir === name);
  // metadata.yaml is keyed by route, which forms cannot show as fields: it stays a file edited by hand.
  const singles = [...types.keys()].filter((name) => !isFolder(name) && name !== 'metadata');
  const isSetting = (name: string) => (settingsFiles as readonly string[]).includes(name);
  const collections: CmsCollection[] = [
    { name: 'settings', label: 'Site settings', format: formatName(''), delete: false, files: singles.filter(isSetting).map(single) },
    { name: 'pages', label: 'Pages', format: formatName(''), delete: false, files: singles.filter((n) => !isSetting(n)).map(single) },
  ];
  for (const folder of Object.values(folders)) collections.push(folderCollection(folder.dir, types.get(folder.dir)!));
  collections.push({
    name: 'blog',
    label: 'Blog articles',
    label_singular: 'Article',
    folder: 'content/blog',
    extension: 'md',
    format: formatName('article', true),
    create: true,
    slug: '{{title}}',
    identifier_field: 'title',
    summary: `{{title}} ({{publishDate}})${searchedWords}`,
    preview_path: '/blog/{{slug}}/',
    filter: englishOnly,
    // Photos go beside the article, where the build publishes them from.
    media_folder: '',
    public_folder: '',
    fields: [...articleFields(), { name: 'body', label: 'Text', widget: 'markdown', hint: articleBodyHint }],
  });
  return collections;
}

/**
 * Every word of an entry in its list's summary, shown as nothing: Decap's search reads a folder's entries by the fields
 * its summary names (and title and author), so a word inside an answer is found too.
 */
const searchedWords = `{{${wordsKey} | ternary('', '')}}`;

/** A single file's words for the search, which reads a single file's top-level fields: a field of the data, never shown. */
const wordsField: CmsField = {
  name: wordsKey,
  label: 'Words',
  widget: 'hidden',
  required: false,
  hint: 'Every word of the page, for the search.',
};

/** A folder's English files, not their translations (their forms are the English file's: see englishKey). */
const englishOnly = { field: englishKey, value: true };

const articleBodyHint = 'The article itself. Headings start with ##; a blank line starts a new paragraph.';

/** A folder of one file per entry, named from the entry's title (or name). */
function folderCollection(dir: string, type: EditedType): CmsCollection {
  const look = folderLabels[dir] ?? { label: labelOf(dir), singular: labelOf(type.type), identifier: 'title', page: '/' };
  return {
    name: dir,
    label: look.label,
    label_singular: look.singular,
    ...(look.description ? { description: look.description } : {}),
    folder: `content/${dir}`,
    extension: 'yaml',
    format: formatName(type.type),
    create: true,
    slug: `{{${look.identifier}}}`,
    identifier_field: look.identifier,
    // Listed by title alone: the file name is the developers' word for an entry, not the office's.
    summary: `{{${look.identifier}}}${searchedWords}`,
    preview_path: look.page,
    filter: englishOnly,
    fields: withImageUploads(cmsFields(type.schema, dir), dir),
  };
}

/** The fields of a single file; a file that is a list (redirects.yaml) is edited as a list named after the file. */
function topFields(schema: z.ZodType, name: string): CmsField[] {
  const json = jsonOf(schema);
  const label = labelOf(name);
  if (json.type === 'array') return [{ ...fieldOf(listField, json, false, name), label, label_singular: singularOf(label) }];
  return objectFields(json, name);
}

/** The article's front matter, its image uploaded beside it. */
function articleFields(): CmsField[] {
  const beside = { widget: 'image', media_folder: '', public_folder: '', choose_url: false, pattern: undefined };
  return cmsFields(articleSchema, 'article').map((f) => (f.name === 'image' ? { ...f, ...beside } : f));
}

/** The folder of the editor's Media page (its uploads); the page lists the pictures of every folder the forms upload to too. */
export const libraryFolder = 'public/images/uploads';

/** The whole configuration for a backend. */
export function cmsConfig(backend: CmsBackend, siteUrl?: string): CmsConfig {
  return {
    backend,
    publish_mode: 'simple',
    media_folder: libraryFolder,
    public_folder: '/images/uploads',
    ...(siteUrl ? { site_url: siteUrl, display_url: siteUrl } : {}),
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections: cmsCollections(),
  };
}

/** The committed configuration (schemas/cms.config.yml), for review: the backend is filled in where the editor runs. */
export function cmsConfigText(): string {
  const config = cmsConfig({ name: 'github', repo: 'OWNER/REPOSITORY', branch: 'main' });
  const header =
    "# The browser editor's forms (Decap CMS), generated by `npm run generate` from src/schemas; do not edit.\n" +
    '# `clinic-site serve` (at /admin/) and `clinic-site build --editor OWNER/REPOSITORY` set the backend.\n';
  return header + stringify(JSON.parse(JSON.stringify(config)) as unknown, { lineWidth: 0 });
}
