/** The load-and-validate stage: reads content/, checks every file against its schema and cross-references. */
import { statSync, type Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { z } from 'zod';
import { problems, SiteErrors, type SiteError } from '../errors.ts';
import type { Article } from '../schemas/article.ts';
import type { PageMetaEntry, Program, Treatment, Navigation } from '../schemas/catalogue.ts';
import type { BlogPage, Home, NotFoundPage, ProcessPage } from '../schemas/pages.ts';
import type { ServicePageEntry } from '../schemas/service.ts';
import type { InBodyPage } from '../schemas/inbody.ts';
import type { LabSalesPage } from '../schemas/lab.ts';
import type { MembershipsPage } from '../schemas/memberships.ts';
import type { Redirect } from '../schemas/redirects.ts';
import type { LegalPage } from '../schemas/legal.ts';
import type { Provider } from '../schemas/review.ts';
import type { Site } from '../schemas/site.ts';
import { frontMatterOf, loadArticle } from './article.ts';
import { checkPlaceholders } from '../validate/placeholders.ts';
import { checkReferences } from '../validate/references.ts';
import { validate } from '../validate/schema.ts';
import { lazySource, parseYaml, type YamlSource } from './yaml.ts';
import { readContentFile, readContentFileSync, readProblem } from './read.ts';
import { isSlug, slugOf } from '../validate/suggest.ts';
import { hashOf } from '../hash.ts';

type Registry = typeof import('../schemas/registry.ts');

/** The schemas, loaded on first need (with zod) and shared by every build of the process. */
let registry: Promise<Registry> | undefined;
const schemas = (): Promise<Registry> => (registry ??= import('../schemas/registry.ts'));

/** A service page with its id (the file name). */
export type ServicePage = ServicePageEntry & { id: string };

/** Everything under content/, validated and typed. */
export interface Content {
  /** The project folder. */
  root: string;
  site: Site;
  navigation: Navigation;
  metadata: Record<string, PageMetaEntry>;
  home: Home;
  blogPage: BlogPage;
  process: ProcessPage;
  notFound: NotFoundPage;
  memberships: MembershipsPage;
  labSales: LabSalesPage;
  inbody: InBodyPage;
  /** Old addresses and where they lead (content/redirects.yaml; none when the file is absent). */
  redirects: Redirect[];
  treatments: Map<string, Treatment>;
  programs: Map<string, Program>;
  services: ServicePage[];
  /** The legal pages (privacy, terms, accessibility, nondiscrimination), in footer order. */
  legal: LegalPage[];
  /** The clinicians who can review medical pages, by id. */
  providers: Map<string, Provider>;
  /** Newest first. */
  articles: Article[];
  /** Each parsed file by its path (relative to the project), to locate problems found later. */
  sources: Map<string, YamlSource>;
  /** A hash of every YAML file: pages that depend on more than their own article key on it. */
  catalogueKey: string;
}

/** An article as loaded, remembered with the size and time of its file so an unchanged file is not read again. */
export interface ArticleMemoEntry {
  size: number;
  mtimeMs: number;
  /** Changes with the file's permissions too: a file made unreadable is read again (and fails), never taken from here. */
  ctimeMs: number;
  article: Article;
  /** The front matter text, while in memory (the on-disk cache leaves it and the body out; the file has them). */
  frontMatter?: string;
  lineOffset: number;
  data: unknown;
  /** The source that locates its front-matter fields, made once (kept in memory only). */
  source?: YamlSource;
}

/** Loaded articles by file, kept between builds. */
export type ArticleMemo = Map<string, ArticleMemoEntry>;

/** A valid YAML file as loaded: the hash of its text, the text, what it parsed to and what validation made of it. */
export interface YamlMemoEntry {
  hash: string;
  text: string;
  data: unknown;
  value: unknown;
  /** Made once (kept in memory only). */
  source?: YamlSource;
}

/** What loading remembers between builds, so unchanged files are neither parsed nor validated again. */
export interface ContentMemo {
  articles: ArticleMemo;
  yaml: Map<string, YamlMemoEntry>;
  /** Every article file found last time, valid or not (kept in memory only: a rebuild told what changed need not list the folder). */
  articleFiles?: string[];
  /** Project paths of article files by their full path (kept in memory only). */
  relPaths?: Map<string, string>;
}

/** A memo with nothing in it. */
export function emptyContentMemo(): ContentMemo {
  return { articles: new Map(), yaml: new Map() };
}

/**
 * Loads and validates all of content/; throws SiteErrors listing every problem found. Articles
 * whose file has the size and time the memo recorded are taken from it without being read, and
 * YAML files whose text is unchanged are not parsed or validated again; with `changed` (from the
 * watcher), only the files named there are looked at all.
 */
export async function loadContent(root: string, memo: ContentMemo = emptyContentMemo(), changed?: Set<string>): Promise<Content> {
  const errors: SiteError[] = [];
  const sources = new Map<string, YamlSource>();
  const texts = new Map<string, string>();
  const contentDir = join(root, 'content');
  const rel = (path: string) => relative(root, path).split(sep).join('/');
  const blogPrefix = `${rel(join(contentDir, 'blog'))}/`;
  const blogDir = join(contentDir, 'blog');
  // Thousands of articles: their project paths are made by hand, not by path.relative.
  const relPaths = (memo.relPaths ??= new Map());
  const relArticle = (path: string) => {
    let file = relPaths.get(path);
    if (file === undefined) {
      file = path.startsWith(blogDir + sep) ? blogPrefix + path.slice(blogDir.length + 1).split(sep).join('/') : rel(path);
      relPaths.set(path, file);
    }
    return file;
  };

  async function loadYaml<S extends z.ZodType>(path: string, schemaOf: (registry: Registry) => S): Promise<z.output<S> | undefined> {
    const file = rel(path);
    let known = memo.yaml.get(file);
    if (!known || !changed || changed.has(file)) {
      const read = await readContentFile(path, file, 'a YAML file');
      if (read.error) {
        memo.yaml.delete(file);
        errors.push(read.error);
        return undefined;
      }
      const text = read.text;
      const hash = hashOf(text);
      if (known?.hash !== hash) {
        memo.yaml.delete(file);
        known = undefined;
        texts.set(file, hash);
        const { source, value } = loadYamlText(file, text, schemaOf(await schemas()), errors);
        sources.set(file, source);
        if (value !== undefined) memo.yaml.set(file, { hash, text, data: source.data, value, source });
        return value;
      }
    }
    texts.set(file, known.hash);
    known.source ??= lazySource(file, known.text, known.data);
    sources.set(file, known.source);
    return known.value as z.output<S>;
  }

  /** A file the site may do without: absent, it is simply not there (and forgotten if it was). */
  async function loadOptionalYaml<S extends z.ZodType>(path: string, schemaOf: (registry: Registry) => S): Promise<z.output<S> | undefined> {
    if (statSync(path, { throwIfNoEntry: false }) === undefined) {
      memo.yaml.delete(rel(path));
      return undefined;
    }
    return loadYaml(path, schemaOf);
  }

  async function loadFolder<S extends z.ZodType>(dir: string, schemaOf: (registry: Registry) => S): Promise<Map<string, z.output<S> & { id: string }>> {
    const files = (await listFiles(join(contentDir, dir), '.yaml')).sort().filter((path) => {
      const id = basename(path, '.yaml');
      if (isSlug(id)) return true;
      const suggestion = slugOf(id);
      errors.push(problems.badFileName({ file: rel(path), line: 1, column: 1 }, `${kinds[dir] ?? 'entry'}'s id`, suggestion && `${suggestion}.yaml`));
      return false;
    });
    const entries = await Promise.all(files.map(async (path) => [basename(path, '.yaml'), await loadYaml(path, schemaOf)] as const));
    const map = new Map<string, z.output<S> & { id: string }>();
    for (const [id, value] of entries) if (value !== undefined) map.set(id, { ...(value as object), id } as z.output<S> & { id: string });
    return map;
  }

  const [site, navigation, metadata, home, blogPage, process, notFound, treatments, programs, services, articles, memberships, labSales, inbody, redirects, legal, providers] = await Promise.all([
    loadYaml(join(contentDir, 'site.yaml'), (r) => r.singleFiles.site.schema),
    loadYaml(join(contentDir, 'navigation.yaml'), (r) => r.singleFiles.navigation.schema),
    loadYaml(join(contentDir, 'metadata.yaml'), (r) => r.singleFiles.metadata.schema),
    loadYaml(join(contentDir, 'home.yaml'), (r) => r.singleFiles.home.schema),
    loadYaml(join(contentDir, 'blog.yaml'), (r) => r.singleFiles.blogPage.schema),
    loadYaml(join(contentDir, 'process.yaml'), (r) => r.singleFiles.process.schema),
    loadYaml(join(contentDir, 'not-found.yaml'), (r) => r.singleFiles.notFound.schema),
    loadFolder('treatments', (r) => r.folders.treatments.schema),
    loadFolder('programs', (r) => r.folders.programs.schema),
    loadFolder('services', (r) => r.folders.services.schema),
    loadArticles(blogDir, relArticle, sources, errors, memo, changed && blogChanges(changed)),
    loadYaml(join(contentDir, 'memberships.yaml'), (r) => r.singleFiles.memberships.schema),
    loadYaml(join(contentDir, 'lab-sales.yaml'), (r) => r.singleFiles.labSales.schema),
    loadYaml(join(contentDir, 'inbody-analysis.yaml'), (r) => r.singleFiles.inbody.schema),
    loadOptionalYaml(join(contentDir, 'redirects.yaml'), (r) => r.singleFiles.redirects.schema),
    loadFolder('legal', (r) => r.folders.legal.schema),
    loadFolder('providers', (r) => r.folders.providers.schema),
  ]);

  if (!site || !navigation || !metadata || !home || !blogPage || !process || !notFound || !memberships || !labSales || !inbody || errors.length > 0) {
    throw new SiteErrors(errors);
  }
  const content: Content = {
    root,
    site, navigation, metadata, home, blogPage, process, notFound, treatments, programs, memberships, labSales, inbody,
    redirects: redirects ?? [],
    services: [...services.values()],
    legal: [...legal.values()].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id)),
    providers,
    articles,
    sources,
    catalogueKey: hashOf(...[...texts].sort(([a], [b]) => a.localeCompare(b)).flat()),
  };
  checkReferences(content, errors);
  const shown = new Set([...content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments)), ...content.services.flatMap((s) => s.treatments.cards.map((c) => c.treatment))]);
  checkPlaceholders(content, shown, errors);
  if (errors.length > 0) throw new SiteErrors(errors);
  return content;
}

/**
 * One YAML content file's text parsed and validated, as loadContent does with every file it reads
 * (the value is undefined, and `errors` says why, when the text is not valid YAML or not valid content).
 */
export function loadYamlText<S extends z.ZodType>(file: string, text: string, schema: S, errors: SiteError[]): { source: YamlSource; value: z.output<S> | undefined } {
  const parsed = parseYaml(file, text);
  if (parsed.errors.length > 0) {
    errors.push(...parsed.errors);
    return { source: parsed.source, value: undefined };
  }
  const before = errors.length;
  const value = validate(parsed.source, schema, errors);
  return { source: parsed.source, value: errors.length === before ? value : undefined };
}

async function loadArticles(
  dir: string,
  rel: (path: string) => string,
  sources: Map<string, YamlSource>,
  errors: SiteError[],
  contentMemo: ContentMemo,
  changed: { files: Set<string>; added: string[] } | undefined,
): Promise<Article[]> {
  const memo = contentMemo.articles;
  // Told what changed, the files are the ones found last time and any new ones; else the folder is listed.
  const files = changed && contentMemo.articleFiles ? [...new Set([...contentMemo.articleFiles, ...changed.added.map((f) => join(dir, f))])] : (await listFiles(dir, '.md')).sort();
  const present = new Set<string>();
  const found: string[] = [];
  // Synchronous on purpose: thousands of stat calls through promises cost several times more.
  // First what is unchanged, then (with the schemas, loaded only if needed) what is new or changed.
  const fresh: { index: number; path: string; file: string; info: Stats }[] = [];
  const loaded: (Article | undefined)[] = files.map((path, index) => {
    const file = rel(path);
    const known = memo.get(file);
    if (known && changed && !changed.files.has(file)) {
      present.add(file);
      found.push(path);
      return remember(known, path);
    }
    const info = articleStat(path, file, errors);
    if (!info) return undefined;
    present.add(file);
    found.push(path);
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs && known.ctimeMs === info.ctimeMs) return remember(known, path);
    fresh.push({ index, path, file, info });
    return undefined;
  });
  const schema = fresh.length > 0 ? (await schemas()).articleSchema : undefined;
  for (const { index, path, file, info } of fresh) loaded[index] = load(path, file, info);
  function load(path: string, file: string, info: Stats): Article | undefined {
    const read = readContentFileSync(path, file, 'an article file');
    if (read.error) errors.push(read.error);
    const result = read.text === undefined ? undefined : loadArticle(file, read.text, schema!, errors);
    if (!result) {
      memo.delete(file);
      return undefined;
    }
    const frontMatter = result.frontMatter;
    memo.set(file, { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, article: result.article, frontMatter, lineOffset: result.lineOffset, data: result.source.data, source: result.source });
    sources.set(file, result.source);
    return result.article;
  }
  for (const file of memo.keys()) if (!present.has(file)) memo.delete(file);
  contentMemo.articleFiles = found;
  function remember(entry: ArticleMemoEntry, path: string): Article {
    const frontMatter = entry.frontMatter ?? (() => frontMatterOf(readContentFileSync(path, entry.article.file, 'an article file').text ?? ''));
    entry.source ??= lazySource(entry.article.file, frontMatter, entry.data, entry.lineOffset);
    sources.set(entry.article.file, entry.source);
    return entry.article;
  }
  const articles = loaded.filter((a) => a !== undefined);
  // Dates are ISO and slugs are file names: plain comparison orders them, many times faster than localeCompare.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return articles.sort((a, b) => order(b.publishDate, a.publishDate) || order(a.slug, b.slug));
}

/**
 * The watcher's changed paths that are articles: all of them by project path, and the new
 * candidates by path inside content/blog/ (a removed one is simply not found again).
 */
function blogChanges(changed: Set<string>): { files: Set<string>; added: string[] } {
  const added = [...changed].filter((p) => p.startsWith('content/blog/') && p.endsWith('.md') && !/(^|\/)\./.test(p)).map((p) => p.slice('content/blog/'.length));
  return { files: changed, added };
}

/**
 * The stat of an article file, or undefined when it is gone (a removed file is simply not there)
 * or is something the build cannot use, which is then reported: a folder named like an article,
 * a file that cannot be read, a file name that is not a slug.
 */
function articleStat(path: string, file: string, errors: SiteError[]): Stats | undefined {
  const loc = { file, line: 1, column: 1 };
  let info: Stats | undefined;
  try {
    info = statSync(path, { throwIfNoEntry: false });
  } catch (error) {
    errors.push(readProblem(file, error, 'an article file'));
    return undefined;
  }
  if (!info) return undefined;
  if (info.isDirectory()) errors.push(problems.notAFile(loc, 'an article file'));
  else if (!info.isFile()) errors.push(problems.unreadableFile(loc, 'it is not a regular file', 'replace it with a plain text file'));
  else if (!isSlug(basename(file, '.md'))) errors.push(problems.badFileName(loc, "article's slug", ((s) => s && `${s}.md`)(slugOf(basename(file, '.md')))));
  else return info;
  return undefined;
}

/** What the files of each catalogue folder are, for messages. */
const kinds: Record<string, string> = { treatments: 'treatment', programs: 'program', services: 'service page', legal: 'legal page', providers: 'provider' };

/**
 * Entries with an extension in a folder and its sub-folders, whatever they are (a folder or link
 * named like a content file is reported by its reader, not skipped); none if the folder is absent.
 */
async function listFiles(dir: string, extension: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.name.endsWith(extension) && !e.name.startsWith('.')).map((e) => join(e.parentPath, e.name));
}
