/**
 * The load stage's reader with a memory: an article whose file has the size and times it had is
 * not read again, a YAML file whose text is unchanged is not parsed or validated again, and when
 * the watcher says what changed, the other files are not even looked at.
 */
import { join } from 'node:path';
import type { SiteError } from '../errors.ts';
import { hashOf } from '../hash.ts';
import { frontMatterOf } from '../load/article.ts';
import { articleSchemaOf, listArticleFiles, parseYamlFile, readArticle, statArticle, type ArticleFile, type ContentReader } from '../load/content.ts';
import { readContentFile, readContentFileSync } from '../load/read.ts';
import { lazySource, type YamlSource } from '../load/yaml.ts';
import type { Article } from '../schemas/article.ts';
import { ShardedMap } from './shards.ts';

/** An article as loaded, remembered with the size and times of its file. */
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
}

/** A memo with nothing in it. */
export function emptyContentMemo(): ContentMemo {
  return { articles: new ShardedMap(), yaml: new Map() };
}

/** A reader that takes what `memo` holds of unchanged files; `changed` (from the watcher) narrows what is looked at. */
export function memoReader(memo: ContentMemo, changed: Set<string> | undefined): ContentReader {
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
    articles: (dir, fileOf, errors) => memoArticles(memo, changed, dir, fileOf, errors),
  };
}

function rememberedYaml(file: string, known: YamlMemoEntry) {
  known.source ??= lazySource(file, known.text, known.data);
  return { hash: known.hash, text: known.text, source: known.source, value: known.value };
}

async function memoArticles(memo: ContentMemo, changed: Set<string> | undefined, dir: string, fileOf: (path: string) => string, errors: SiteError[]): Promise<ArticleFile[]> {
  // Told what changed, the files are the ones found last time and any new ones; else the folder is listed.
  const added = changed && memo.articleFiles ? [...changed].filter((p) => p.startsWith('content/blog/') && p.endsWith('.md') && !/(^|\/)\./.test(p)) : undefined;
  const paths = added ? [...new Set([...memo.articleFiles!, ...added.map((f) => join(dir, f.slice('content/blog/'.length)))])] : await listArticleFiles(dir, fileOf, errors);
  const found: string[] = [];
  const kept: ArticleFile[] = [];
  const fresh: { path: string; file: string; size: number; mtimeMs: number; ctimeMs: number }[] = [];
  // Synchronous on purpose: thousands of stat calls through promises cost several times more.
  for (const path of paths) {
    const file = fileOf(path);
    const known = memo.articles.get(file);
    if (known && changed && !changed.has(file)) {
      found.push(path);
      kept.push(remembered(known, path));
      continue;
    }
    const info = statArticle(path, file, errors);
    if (!info) continue;
    found.push(path);
    if (known && known.size === info.size && known.mtimeMs === info.mtimeMs && known.ctimeMs === info.ctimeMs) kept.push(remembered(known, path));
    else fresh.push({ path, file, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs });
  }
  const schema = fresh.length > 0 ? await articleSchemaOf() : undefined;
  for (const { path, file, ...stamp } of fresh) {
    memo.articles.delete(file);
    const loaded = readArticle(path, file, schema!, errors);
    if (!loaded) continue;
    const { frontMatter, lineOffset } = loaded;
    memo.articles.set(file, { ...stamp, article: loaded.article, frontMatter, lineOffset, data: loaded.source.data, source: loaded.source });
    kept.push(loaded);
  }
  const present = new Set(found.map(fileOf));
  for (const file of memo.articles.keys()) if (!present.has(file)) memo.articles.delete(file);
  memo.articleFiles = found;
  return kept;
}

function remembered(entry: ArticleMemoEntry, path: string): ArticleFile {
  const frontMatter = entry.frontMatter ?? (() => frontMatterOf(readContentFileSync(path, entry.article.file, 'an article file').text ?? ''));
  entry.source ??= lazySource(entry.article.file, frontMatter, entry.data, entry.lineOffset);
  return { article: entry.article, source: entry.source };
}
