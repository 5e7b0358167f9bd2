/**
 * The load-and-validate stage: reads content/, checks every file against its schema and
 * cross-references. Each file is read through a ContentReader: `directReader` reads and parses
 * every file; the incremental core's reader hands back what it remembers of unchanged files.
 */
import { lstatSync, statSync, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import type { z } from 'zod';
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import type { Article, articleSchema } from '../schemas/article.ts';
import type { Content, YamlSource } from '../schemas/content.ts';
import { bodiedEntries, contentKinds, type ContentKind } from '../schemas/kinds.ts';
import { loadArticle, type LoadedArticle } from './article.ts';
import { checkPlaceholders } from '../validate/placeholders.ts';
import { checkReferences, latestToday } from '../validate/references.ts';
import { fillFacts } from '../validate/facts.ts';
import { validate } from '../validate/schema.ts';
import { parseYaml } from './yaml.ts';
import { isTranslationFile } from '../schemas/translation.ts';
import { outsideProject, projectRootOf, readContentFile, readContentFileSync, readProblem } from '../read.ts';
import { isSlug, slugOf } from '../suggest.ts';
import { checkStrayFiles } from './strays.ts';
import { codeUnitOrder, hashOf } from '../hash.ts';

type Registry = typeof import('../schemas/registry.ts');
export type ArticleSchema = typeof articleSchema;

/** The schemas, loaded on first need (with zod) and shared by every build of the process. */
let registry: Promise<Registry> | undefined;
const schemas = (): Promise<Registry> => (registry ??= import('../schemas/registry.ts'));

/** A YAML file as read: the hash of its text, its source (to locate fields) and its validated value (undefined when it has problems). */
export interface LoadedYaml {
  hash: string;
  text: string;
  source: YamlSource;
  value: unknown;
}

/** An article file as read: the article and the source that locates its front-matter fields. */
export interface ArticleFile {
  article: Article;
  source: YamlSource;
}

/** Which schema a YAML file is checked against, from the registry (loaded with zod on first need). */
export type SchemaOf = (registry: Registry) => z.ZodType | Promise<z.ZodType>;

/**
 * How the load stage reads files. Every method reports what goes wrong in `errors` and returns
 * undefined (or leaves the file out) for a file with problems.
 */
export interface ContentReader {
  /** One YAML file of content/. */
  yaml(path: string, file: string, schemaOf: SchemaOf, errors: SiteError[]): Promise<LoadedYaml | undefined>;
  /** Every markdown file of a kind (`dir`: its folder, such as content/blog), in no particular order (loadContent sorts it in place). */
  markdown(kind: ContentKind, dir: string, fileOf: (path: string) => string, errors: SiteError[]): Promise<ArticleFile[]>;
  /**
   * Work across files (the checks, a translation's comparison with its English): `make`'s value, which a reader with a
   * memory takes over while `key` is the same.
   */
  kept<T>(name: string, key: () => string, make: () => T): T;
}

/** Reads and parses every file, every time. */
export const directReader: ContentReader = {
  yaml: readYaml,
  async markdown(kind, dir, fileOf, errors) {
    const paths = await listArticleFiles(dir, fileOf, errors);
    const found = paths.map((path) => ({ path, file: fileOf(path) })).filter(({ path, file }) => statArticle(path, file, errors));
    if (found.length === 0) return [];
    const schema = (await kind.schema()) as ArticleSchema;
    return found.map(({ path, file }) => readArticle(path, file, schema, errors)).filter((a) => a !== undefined);
  },
  kept: (_name, _key, make) => make(),
};

/** Loads and validates all of content/ through `reader`; throws SiteErrors listing every problem found. */
export async function loadContent(root: string, reader: ContentReader = directReader): Promise<Content> {
  const errors: SiteError[] = [];
  const sources = new Map<string, YamlSource>();
  const hashes = new Map<string, string>();
  const contentDir = join(root, 'content');
  const away = outsideProject(root, contentDir);
  if (away !== undefined) throw new SiteErrors([problems.linkOutsideProject('content/', away, true)]);
  const { yaml, optionalYaml, entries, layout } = fileLoaders(root, reader, { errors, sources, hashes });
  const file = (name: string) => join(contentDir, name);
  const kinds = Promise.all(contentKinds.map(entries));
  const [
    site, navigation, metadata, home, blogPage, process, notFound, memberships, labSales, inbody, redirects, search, strings,
    languageAssistance, costs,
  ] = await Promise.all([
    yaml(file('site.yaml'), (r) => r.singleFiles.site.schema),
    yaml(file('navigation.yaml'), (r) => r.singleFiles.navigation.schema),
    yaml(file('metadata.yaml'), (r) => r.singleFiles.metadata.schema),
    yaml(file('home.yaml'), (r) => r.singleFiles.home.schema),
    yaml(file('blog.yaml'), (r) => r.singleFiles.blogPage.schema),
    yaml(file('process.yaml'), (r) => r.singleFiles.process.schema),
    yaml(file('not-found.yaml'), (r) => r.singleFiles.notFound.schema),
    yaml(file('memberships.yaml'), (r) => r.singleFiles.memberships.schema),
    yaml(file('lab-sales.yaml'), (r) => r.singleFiles.labSales.schema),
    yaml(file('inbody-analysis.yaml'), (r) => r.singleFiles.inbody.schema),
    optionalYaml(file('redirects.yaml'), (r) => r.singleFiles.redirects.schema),
    yaml(file('search.yaml'), (r) => r.singleFiles.search.schema),
    yaml(file('strings.yaml'), (r) => r.singleFiles.strings.schema),
    yaml(file('language-assistance.yaml'), (r) => r.singleFiles.languageAssistance.schema),
    yaml(file('cost-and-insurance.yaml'), (r) => r.singleFiles.costs.schema),
    checkTopYml(contentDir, (path) => relative(root, path).split(sep).join('/'), errors),
  ]);
  // Each kind's entries under its name: a folder of YAML files by id, a folder of markdown files as a list, newest first.
  const byKind = Object.fromEntries((await kinds).map((loaded, i) => [contentKinds[i]!.name, loaded]));
  const { treatments, programs, services, legal, providers } = byKind as unknown as Record<string, Map<string, never>>;

  checkStrayFiles(contentDir, layout, errors);
  if (!site || !navigation || !metadata || !home || !blogPage || !process || !notFound || !memberships || !labSales || !inbody) {
    throw new SiteErrors(errors);
  }
  if (!search || !strings || !languageAssistance || !costs || errors.length > 0) throw new SiteErrors(errors);
  const content: Content = {
    ...(byKind as unknown as Pick<Content, 'articles'>),
    root,
    site, navigation, metadata, home, blogPage, process, notFound, memberships, labSales, inbody, search,
    treatments: treatments!,
    programs: programs!,
    redirects: redirects ?? [],
    services: [...services!.values()],
    legal: [...(legal!.values() as Iterable<Content['legal'][number]>)].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)),
    providers: providers!,
    strings,
    languageAssistance,
    costs,
    sources,
    catalogueKey: '',
  };
  content.spanish = await loadSpanish(content, reader, { errors, sources, hashes });
  content.catalogueKey = hashOf(...[...hashes].sort(([a], [b]) => codeUnitOrder(a, b)).flat());
  // Facts ({phone}, {hours}…) and bylines filled in from the one file that holds each, in both languages.
  return validateContent(fillFacts(content, errors), errors, reader);
}

/**
 * The Spanish site, from the translations beside the English files (read through `reader`, so that an
 * unchanged one is not parsed again); each translation's hash joins the catalogue's, so that every page,
 * whose language links follow them, is made again when one appears, changes or goes away.
 */
async function loadSpanish(content: Content, reader: ContentReader, { errors, sources, hashes }: Collected): Promise<Content['spanish']> {
  const { loadTranslations } = await import('./translations.ts');
  const { schemaOfFile } = await schemas();
  const spanish = await loadTranslations(
    content,
    schemaOfFile,
    async (path, file, schema) => {
      const loaded = await reader.yaml(path, file, () => schema, errors);
      if (!loaded) return undefined;
      hashes.set(file, loaded.hash);
      sources.set(file, loaded.source);
      return loaded;
    },
    // A comparison reads the translation and its English file alone.
    (english, translated, make) => reader.kept(`translation ${translated}`, () => `${hashes.get(english)} ${hashes.get(translated)}`, make),
    errors,
  );
  return spanish;
}

/** What the loaders collect while they read: problems, each file's source (to locate problems later) and each YAML file's hash. */
interface Collected {
  errors: SiteError[];
  sources: Map<string, YamlSource>;
  hashes: Map<string, string>;
}

/** The loaders of each kind of content file, reading through `reader` and collecting into `collected`. */
function fileLoaders(root: string, reader: ContentReader, { errors, sources, hashes }: Collected) {
  const contentDir = join(root, 'content');
  const rel = (path: string) => relative(root, path).split(sep).join('/');

  // What is read of content/, for the check of the files never read (strays.ts).
  const layout = { files: new Set<string>(), yamlFolders: [] as string[], markdownFolders: [] as string[] };
  type Schema<S> = (registry: Registry) => S | Promise<S>;
  async function yaml<S extends z.ZodType>(path: string, schemaOf: Schema<S>): Promise<z.output<S> | undefined> {
    const file = rel(path);
    if (dirname(path) === contentDir) layout.files.add(basename(path));
    const loaded = await reader.yaml(path, file, schemaOf, errors);
    if (!loaded) return undefined;
    hashes.set(file, loaded.hash);
    sources.set(file, loaded.source);
    return loaded.value as z.output<S> | undefined;
  }
  /** A file the site may do without: absent, it is simply not there. */
  const optionalYaml = <S extends z.ZodType>(path: string, schemaOf: (registry: Registry) => S) =>
    statSync(path, { throwIfNoEntry: false }) === undefined ? Promise.resolve(undefined) : yaml(path, schemaOf);

  async function folder(kind: ContentKind): Promise<Map<string, { id: string }>> {
    const dir = kind.folder;
    layout.yamlFolders.push(dir);
    // A translation (ssri.es.yaml) is loaded with the Spanish site, over its English file.
    const listed = withoutYml(await listFiles(join(contentDir, dir), ['.yaml', '.yml'], rel, errors), rel, errors);
    const files = listed.sort().filter((path) => {
      if (isTranslationFile(path)) return false;
      const id = basename(path, '.yaml');
      if (isSlug(id)) return true;
      const suggestion = slugOf(id);
      const loc = { file: rel(path), line: 1, column: 1 };
      errors.push(problems.badFileName(loc, `${kind.what}'s id`, suggestion && `${suggestion}.yaml`));
      return false;
    });
    const entries = await Promise.all(files.map(async (path) => [basename(path, '.yaml'), await yaml(path, kind.schema)] as const));
    const map = new Map<string, { id: string }>();
    for (const [id, value] of entries) if (value !== undefined) map.set(id, { ...(value as object), id });
    return map;
  }

  async function markdown(kind: ContentKind): Promise<Article[]> {
    const dir = join(contentDir, kind.folder);
    layout.markdownFolders.push(kind.folder);
    const prefix = `${rel(dir)}/`;
    // Thousands of articles: their project paths are cut from the folder's, not made by path.relative.
    const fileOf = (path: string) => (path.startsWith(dir + sep) ? prefix + path.slice(dir.length + 1).split(sep).join('/') : rel(path));
    const loaded = await reader.markdown(kind, dir, fileOf, errors);
    for (const { article, source } of loaded) sources.set(article.file, source);
    // Dates are ISO and slugs are file names: plain comparison orders them, many times faster than localeCompare.
    // In place: a reader that keeps its list (the dev server's) hands it over in order next time, and the sort has little to do.
    const newestFirst = (a: ArticleFile, b: ArticleFile) =>
      codeUnitOrder(b.article.publishDate, a.article.publishDate) || codeUnitOrder(a.article.slug, b.article.slug);
    return loaded.sort(newestFirst).map((a) => a.article);
  }
  const entries = (kind: ContentKind) => (kind.body ? markdown(kind) : folder(kind));
  return { yaml, optionalYaml, entries, layout };
}

/** The checks across files: references between them, and placeholder text on the pages that are shown. */
function validateContent(content: Content, errors: SiteError[], reader: ContentReader): Content {
  const check = () => {
    const found: SiteError[] = [];
    checkReferences(content, found);
    const shown = new Set([
      ...content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments)),
      ...content.services.flatMap((s) => s.treatments.cards.map((c) => c.treatment)),
    ]);
    checkPlaceholders(content, shown, found);
    return found;
  };
  // The checks read every YAML file, every article's card (never a body) and the day.
  const key = () => hashOf(content.catalogueKey, latestToday(), bodiedEntries(content).map((a) => a.cardHash).join(' '));
  errors.push(...reader.kept('checks', key, check));
  if (errors.length > 0) throw new SiteErrors(errors);
  return content;
}

/** One YAML file of content/ read, parsed and validated. */
export async function readYaml(path: string, file: string, schemaOf: SchemaOf, errors: SiteError[]): Promise<LoadedYaml | undefined> {
  const read = await readContentFile(path, file, 'a YAML file');
  if (read.error) {
    errors.push(read.error);
    return undefined;
  }
  return parseYamlFile(file, read.text, schemaOf, errors);
}

/** A YAML file's text parsed and validated (the value is undefined when it has problems, reported in `errors`). */
export async function parseYamlFile(file: string, text: string, schemaOf: SchemaOf, errors: SiteError[]): Promise<LoadedYaml> {
  const { source, value } = loadYamlText(file, text, await schemaOf(await schemas()), errors);
  return { hash: hashOf(text), text, source, value };
}

/**
 * One YAML content file's text parsed and validated, as loadContent does with every file it reads
 * (the value is undefined, and `errors` says why, when the text is not valid YAML or not valid content).
 */
export function loadYamlText<S extends z.ZodType>(
  file: string, text: string, schema: S, errors: SiteError[],
): { source: YamlSource; value: z.output<S> | undefined } {
  const parsed = parseYaml(file, text);
  if (parsed.errors.length > 0) {
    errors.push(...parsed.errors);
    return { source: parsed.source, value: undefined };
  }
  const before = errors.length;
  const value = validate(parsed.source, schema, errors);
  return { source: parsed.source, value: errors.length === before ? value : undefined };
}

/** One article file read and loaded (its stat already checked by statArticle). */
export function readArticle(path: string, file: string, schema: ArticleSchema, errors: SiteError[]): LoadedArticle | undefined {
  const read = readContentFileSync(path, file, 'an article file');
  if (read.error) {
    errors.push(read.error);
    return undefined;
  }
  return loadArticle(file, read.text, schema, errors);
}

/** The article files under content/blog/ (and its sub-folders), sorted. */
export async function listArticleFiles(dir: string, fileOf: (path: string) => string, errors: SiteError[]): Promise<string[]> {
  return (await listFiles(dir, ['.md'], fileOf, errors)).filter((path) => !isTranslationFile(path)).sort();
}

/**
 * The stat of an article file, or undefined when it is gone (a removed file is simply not there)
 * or is something the build cannot use, which is then reported: a folder named like an article,
 * a file that cannot be read, a file name that is not a slug.
 */
export function statArticle(path: string, file: string, errors: SiteError[]): Stats | undefined {
  const loc = { file, line: 1, column: 1 };
  let info: Stats | undefined;
  try {
    info = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    errors.push(readProblem(file, error, 'an article file'));
    return undefined;
  }
  if (!info) {
    // Gone, or a link to nothing: a link the author made must not make an article vanish unnoticed.
    if (lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) errors.push(problems.unreadableFile(loc, 'it is a link to a file ' +
      'that does not exist', 'replace the link with the article file itself, or delete it'));
    return undefined;
  }
  if (info.isDirectory()) errors.push(problems.notAFile(loc, 'an article file'));
  else if (!info.isFile()) errors.push(problems.unreadableFile(loc, 'it is not a regular file', 'replace it with a plain text file'));
  else if (!isSlug(basename(file, '.md'))) {
    const slug = slugOf(basename(file, '.md'));
    errors.push(problems.badFileName(loc, "article's slug", slug && `${slug}.md`));
  }
  else return info;
  return undefined;
}

/**
 * Entries with an extension in a folder and its sub-folders, whatever they are (a folder or link
 * named like a content file is reported by its reader, not skipped); none if the folder is absent.
 * A folder that cannot be read is reported: taking it for empty would drop its pages unnoticed.
 * So is a link (the folder itself, or any link in it) that leads out of the project, which is left out.
 */
async function listFiles(dir: string, extensions: readonly string[], fileOf: (path: string) => string, errors: SiteError[]) {
  const root = projectRootOf(dir, fileOf(dir));
  const away = outsideProject(root, dir);
  if (away !== undefined) {
    errors.push(problems.linkOutsideProject(`${fileOf(dir)}/`, away, true));
    return [];
  }
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') errors.push(folderProblem(fileOf, dir, error));
    return [];
  }
  const kept: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(e.parentPath, e.name);
    // Only links pay for realpath; a linked folder is not listed into, but what it leads to is still the author's to know.
    const target = e.isSymbolicLink() ? outsideProject(root, path) : undefined;
    if (target !== undefined) errors.push(problems.linkOutsideProject(fileOf(path), target, statSync(path).isDirectory()));
    else if (extensions.some((extension) => e.name.endsWith(extension))) kept.push(path);
  }
  return kept;
}

/**
 * The `.yaml` files of a folder's listing; each `.yml` file in it is reported (the build reads only `.yaml`, so it
 * would be left out unnoticed): as one to rename, or as a copy never read beside the `.yaml` of the same name.
 */
function withoutYml(paths: readonly string[], fileOf: (path: string) => string, errors: SiteError[]): string[] {
  const yaml = paths.filter((path) => path.endsWith('.yaml'));
  const names = new Set(yaml);
  for (const path of paths) {
    if (!path.endsWith('.yml')) continue;
    const twin = `${path.slice(0, -'.yml'.length)}.yaml`;
    const loc = { file: fileOf(path), line: 1, column: 1 };
    errors.push(names.has(twin) ? problems.ymlBesideYaml(loc, fileOf(twin)) : problems.ymlExtension(loc, basename(twin)));
  }
  return yaml;
}

/** The `.yml` files directly in content/ (beside site.yaml and the other page files), each reported as withoutYml does. */
async function checkTopYml(contentDir: string, fileOf: (path: string) => string, errors: SiteError[]): Promise<void> {
  // A content/ that cannot be listed is reported by the files it should hold.
  const names = await readdir(contentDir).catch(() => [] as string[]);
  if (!names.some((name) => name.endsWith('.yml'))) return;
  withoutYml(names.filter((name) => !name.startsWith('.')).map((name) => join(contentDir, name)), fileOf, errors);
}

/** Why a content folder (or one inside it) cannot be listed, at the folder. */
function folderProblem(fileOf: (path: string) => string, dir: string, error: unknown): SiteError {
  const failed = (error as NodeJS.ErrnoException).path ?? dir;
  const loc = { file: `${fileOf(failed)}/`, line: 1, column: 1 };
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return problems.unreadableFile(loc, 'permission denied', 'give your user permission to ' +
    'read the folder and what it holds (for example chmod -R a+rX FOLDER)');
  if (code === 'ENOTDIR') return problems.unreadableFile(loc, 'it is a file, where a folder of content files belongs', 'move the file ' +
    'aside and make a folder of that name');
  return readProblem(loc.file, error, 'a content folder');
}
