/**
 * The load stage's reader with a memory: an article whose file has the size and times it had is
 * not read again, a YAML file whose text is unchanged is not parsed or validated again, and when
 * the watcher says what changed, the other files are not even looked at.
 */
import { basename, join } from 'node:path';
import type { SiteError } from '../errors.ts';
import { codeUnitOrder, hashOf } from '../hash.ts';
import { articleWithBody, frontMatterOf, loadArticle, openingOf } from '../load/article.ts';
import { articleSchemaOf, listArticleFiles, parseYamlFile, statArticle, type ArticleFile, type ArticleSchema, type ContentReader } from '../load/content.ts';
import { readContentFile, readContentFileSync } from '../load/read.ts';
import { lazySource, type YamlSource } from '../load/yaml.ts';
import type { Article } from '../schemas/article.ts';
import { isSlug } from '../validate/suggest.ts';
import { ShardedMap } from './shards.ts';

/** An article as loaded, remembered with the size and times of its file. */
export interface ArticleMemoEntry {
  size: number;
  mtimeMs: number;
  /** Changes with the file's permissions too: a file made unreadable is read again (and fails), never taken from here. */
  ctimeMs: number;
  article: Article;
  /** The hash of the file's text before the body (its front matter with the fences), when another version of the file may be taken by it (openingOf). */
  opening: string | undefined;
  /** The front matter text, while in memory (the on-disk cache leaves it and the body out; the file has them). */
  frontMatter?: string;
  lineOffset: number;
  data: unknown;
  /** The source that locates its front-matter fields, made once (kept in memory only). */
  source?: YamlSource;
}

/** A valid YAML file as loaded: the hash of its text, the text, what it parsed to and what validation made of it. */
export interface YamlMemoEntry {
  hash: string;
  text: string;
  data: unknown;
  value: unknown;
  /** Made once (kept in memory only). */
  source?: YamlSource;
}

/** What loading remembers between builds. */
export interface ContentMemo {
  articles: ShardedMap<ArticleMemoEntry>;
  yaml: Map<string, YamlMemoEntry>;
  /** Every article file found last time, valid or not (in memory only: a rebuild told what changed need not list the folder). */
  articleFiles?: string[];
  /** What the last build loaded (in memory only): the valid articles, and the files found that were not (read again every build, to report them again). */
  loaded?: { articles: ArticleFile[]; failed: string[] };
}

/** A memo with nothing in it. */
export function emptyContentMemo(): ContentMemo {
  return { articles: new ShardedMap(), yaml: new Map() };
}

/** A file's size and times, as a survey of the inputs took them (see settled.ts). */
export type Surveyed = (file: string) => { size: number; mtimeMs: number; ctimeMs: number } | undefined;

/**
 * A reader that takes what `memo` holds of unchanged files; `changed` (from the watcher) narrows
 * what is looked at, and `surveyed` gives the stamps a survey took at the start of the build.
 */
export function memoReader(memo: ContentMemo, changed: Set<string> | undefined, surveyed?: Surveyed): ContentReader {
  return {
    async yaml(path, file, schemaOf, errors) {
      const known = memo.yaml.get(file);
      if (known && changed && !changed.has(file)) return rememberedYaml(file, known);
      const read = await readContentFile(path, file, 'a YAML file');
      if (read.error) {
        memo.yaml.delete(file);
        errors.push(read.error);
        return undefined;
      }
      if (known && known.hash === hashOf(read.text)) return rememberedYaml(file, known);
      memo.yaml.delete(file);
      const loaded = await parseYamlFile(file, read.text, schemaOf, errors);
      if (loaded.value !== undefined) memo.yaml.set(file, { hash: loaded.hash, text: loaded.text, data: loaded.source.data, value: loaded.value, source: loaded.source });
      return loaded;
    },
    articles: (dir, fileOf, errors) => memoArticles(memo, changed, dir, fileOf, errors, surveyed),
  };
}

/**
 * For a rebuild of article bodies alone (bodies.ts): every YAML file as the memo holds it, unread
 * (no YAML file changed), and some articles only: those of `fresh` read and loaded again, those of
 * `kept` as the memo holds them (the caller made sure it holds each).
 */
export function narrowReader(memo: ContentMemo, root: string, fresh: FreshFile[], kept: readonly string[]): ContentReader {
  return {
    yaml: memoReader(memo, new Set(fresh.map((f) => f.file))).yaml,
    async articles(_dir, _fileOf, errors) {
      const loaded = await freshArticles(memo, fresh, errors);
      return [...loaded, ...kept.map((file) => remembered(memo.articles.get(file)!, join(root, file)))];
    },
  };
}

function rememberedYaml(file: string, known: YamlMemoEntry) {
  known.source ??= lazySource(file, known.text, known.data);
  return { hash: known.hash, text: known.text, source: known.source, value: known.value };
}

/** An article file to read again, with the size and times it has now. */
export interface FreshFile {
  path: string;
  file: string;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

/** Takes the memo's article for a file whose size and times are those it was loaded with; else puts the file among those to read. */
function keptOrFresh(memo: ContentMemo, path: string, file: string, info: { size: number; mtimeMs: number; ctimeMs: number }, kept: ArticleFile[], fresh: FreshFile[]): void {
  const known = memo.articles.get(file);
  if (known && known.size === info.size && known.mtimeMs === info.mtimeMs && known.ctimeMs === info.ctimeMs) kept.push(remembered(known, path));
  else fresh.push({ path, file, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs });
}

async function memoArticles(memo: ContentMemo, changed: Set<string> | undefined, dir: string, fileOf: (path: string) => string, errors: SiteError[], surveyed: Surveyed | undefined): Promise<ArticleFile[]> {
  // Told what changed, the files are the ones found last time and any new ones: only the changed ones, and those that failed, are looked at.
  if (changed && memo.articleFiles && memo.loaded) return changedArticles(memo, memo.articleFiles, memo.loaded, changed, dir, fileOf, errors);
  const paths = await listArticleFiles(dir, fileOf, errors);
  const found: string[] = [];
  const kept: ArticleFile[] = [];
  const fresh: FreshFile[] = [];
  // Synchronous on purpose: thousands of stat calls through promises cost several times more.
  for (const path of paths) {
    const file = fileOf(path);
    // A file whose name is not a slug goes to statArticle, which says so.
    const info = (isSlug(basename(file, '.md')) ? surveyed?.(file) : undefined) ?? statArticle(path, file, errors);
    if (!info) continue;
    found.push(path);
    keptOrFresh(memo, path, file, info, kept, fresh);
  }
  kept.push(...(await freshArticles(memo, fresh, errors)));
  const present = new Set(found.map(fileOf));
  for (const file of memo.articles.keys()) if (!present.has(file)) memo.articles.delete(file);
  const valid = new Set(kept.map((a) => a.article.file));
  return remember(memo, found, kept, found.filter((path) => !valid.has(fileOf(path))));
}

/** The articles when the watcher said what changed: the last build's, with the changed files and those that failed read again. */
async function changedArticles(memo: ContentMemo, lastFound: string[], last: NonNullable<ContentMemo['loaded']>, changed: Set<string>, dir: string, fileOf: (path: string) => string, errors: SiteError[]): Promise<ArticleFile[]> {
  const touched = [...changed].filter((p) => p.startsWith('content/blog/') && p.endsWith('.md') && !/(^|\/)\./.test(p)).map((f) => join(dir, f.slice('content/blog/'.length)));
  const again = [...new Set([...touched, ...last.failed])];
  const looked = new Set(again.map(fileOf));
  const againPaths = new Set(again);
  const found = lastFound.filter((path) => !againPaths.has(path));
  const kept = last.articles.filter((a) => !looked.has(a.article.file));
  const foundAgain: string[] = [];
  const start = kept.length;
  const fresh: FreshFile[] = [];
  for (const path of again) {
    const file = fileOf(path);
    const info = statArticle(path, file, errors);
    if (!info) {
      memo.articles.delete(file);
      continue;
    }
    foundAgain.push(path);
    keptOrFresh(memo, path, file, info, kept, fresh);
  }
  kept.push(...(await freshArticles(memo, fresh, errors)));
  const valid = new Set(kept.slice(start).map((a) => a.article.file));
  return remember(memo, [...found, ...foundAgain], kept, foundAgain.filter((path) => !valid.has(fileOf(path))));
}

/**
 * The articles of files new or changed since the memo took them in, read, loaded and remembered. A
 * file whose front matter (fences and all) is the one the memo holds had only its body changed:
 * the memo's fields are taken, and only the body is read and checked (no YAML parsed, no schema
 * loaded: zod's first use alone is some 20 ms of a rebuild that makes one page).
 */
async function freshArticles(memo: ContentMemo, fresh: FreshFile[], errors: SiteError[]): Promise<ArticleFile[]> {
  let schema: ArticleSchema | undefined;
  const loaded: ArticleFile[] = [];
  for (const { path, file, ...stamp } of fresh) {
    const last = memo.articles.get(file);
    memo.articles.delete(file);
    const read = readContentFileSync(path, file, 'an article file');
    if (read.text === undefined) {
      if (read.error) errors.push(read.error);
      continue;
    }
    const opening = last?.opening !== undefined ? openingOf(read.text, last.article) : undefined;
    if (last && opening !== undefined && hashOf(opening) === last.opening) {
      const article = articleWithBody(last.article, (last.data as { readTime?: unknown } | undefined)?.readTime !== undefined, read.text, errors);
      if (!article) continue;
      const entry = { ...stamp, article, opening: last.opening, frontMatter: last.frontMatter, lineOffset: last.lineOffset, data: last.data, source: last.source };
      memo.articles.set(file, entry);
      loaded.push(remembered(entry, path));
      continue;
    }
    schema ??= await articleSchemaOf();
    const article = loadArticle(file, read.text, schema, errors);
    if (!article) continue;
    const { frontMatter, lineOffset } = article;
    const openingNow = openingOf(read.text, article.article);
    memo.articles.set(file, { ...stamp, article: article.article, opening: openingNow === undefined ? undefined : hashOf(openingNow), frontMatter, lineOffset, data: article.source.data, source: article.source });
    loaded.push(article);
  }
  return loaded;
}

/** Remembers the files found, the articles loaded and the files that failed, for a rebuild told what changed. */
function remember(memo: ContentMemo, found: string[], kept: ArticleFile[], failed: string[]): ArticleFile[] {
  memo.articleFiles = found;
  // The list itself is kept: loadContent sorts it in place, so the next rebuild's sort finds it in order.
  memo.loaded = { articles: kept, failed };
  return kept;
}

/**
 * After a rebuild of article bodies alone in the dev server (bodies.ts): the articles of `files`,
 * loaded again into the memo, take the places of their last versions among the articles loaded,
 * as a rebuild told what changed would have put them. Their cards are unchanged, so each is where
 * its last version is in the order loadContent keeps them in (newest first, then by slug); when
 * one is not found there, the next build lists the articles again rather than keep a stale one.
 */
export function keepReloaded(memo: ContentMemo, files: readonly string[]): void {
  const loaded = memo.loaded?.articles;
  for (const file of files) {
    const entry = memo.articles.get(file);
    const at = loaded && entry?.source ? placeOf(loaded, entry.article) : -1;
    if (!loaded || !entry?.source || at < 0) return void (memo.loaded = undefined);
    loaded[at] = { article: entry.article, source: entry.source };
  }
}

/** Where the article of `article`'s file is in `loaded` (sorted as loadContent sorts: newest first, then by slug), by bisection; -1 when it is not. */
function placeOf(loaded: readonly ArticleFile[], article: Article): number {
  let low = 0;
  let high = loaded.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const there = loaded[mid]!.article;
    // As loadContent's sort compares them: above 0, `article` comes after the one there.
    const order = codeUnitOrder(there.publishDate, article.publishDate) || codeUnitOrder(article.slug, there.slug);
    if (order === 0) return there.file === article.file ? mid : -1;
    if (order > 0) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

function remembered(entry: ArticleMemoEntry, path: string): ArticleFile {
  const frontMatter = entry.frontMatter ?? (() => frontMatterOf(readContentFileSync(path, entry.article.file, 'an article file').text ?? ''));
  entry.source ??= lazySource(entry.article.file, frontMatter, entry.data, entry.lineOffset);
  return { article: entry.article, source: entry.source };
}
