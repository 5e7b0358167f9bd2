/**
 * The load stage's reader with a memory: a YAML file whose text is unchanged and a markdown file (of any kind: an article)
 * whose stamp is unchanged are not parsed again; told what changed, the other files are not looked at.
 */
import { join } from 'node:path';
import { hashOf } from '../hash.ts';
import { frontMatterOf, type LoadedArticle } from '../load/article.ts';
import { listArticleFiles, parseYamlFile, readArticle, statArticle } from '../load/content.ts';
import type { ArticleFile, ArticleSchema, ContentReader } from '../load/content.ts';
import { readContentFile, readContentFileSync } from '../read.ts';
import { isTranslationFile } from '../schemas/translation.ts';
import { lazySource } from '../load/yaml.ts';
import type { YamlSource } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import type { SiteError } from '../errors.ts';
import { sameStamp, type Stamp } from './survey.ts';

/** A valid YAML file as loaded: the hash of its text, the text, what it parsed to and what validation made of it. */
export interface YamlMemoEntry {
  hash: string;
  text: string;
  data: unknown;
  value: unknown;
  /** Made once (kept in memory only). */
  source?: YamlSource;
}

/** A valid markdown file as loaded, with its stamp (the body is left out on disk: the file has it). */
export interface MarkdownMemoEntry {
  stamp: Stamp;
  article: Article;
  data: unknown;
  lineOffset: number;
  /** In memory only: the front matter's text and the source that locates its fields. */
  frontMatter?: string;
  source?: YamlSource;
}

/** What loading remembers between builds. */
export interface ContentMemo {
  yaml: Map<string, YamlMemoEntry>;
  /** The markdown files of every kind, by file. */
  markdown: Map<string, MarkdownMemoEntry>;
  /** In memory only: every markdown file the last build found (by path), by its kind's folder, for a rebuild told what changed. */
  found?: Map<string, string[]>;
  /** In memory only: what work across files made (see ContentReader.kept), by name, with the key of what it read. */
  kept?: SiteMemo;
}

/** A reader that takes what `memo` holds of unchanged files: only those in `changed` (the watcher's), else each by its stamp. */
export function memoReader(memo: ContentMemo, changed: Set<string> | undefined): ContentReader {
  return {
    async yaml(path, file, schemaOf, errors) {
      const known = memo.yaml.get(file);
      if (known && changed && !changed.has(file)) return remembered(file, known);
      const read = await readContentFile(path, file, 'a YAML file');
      memo.yaml.delete(file);
      if (read.error) return void errors.push(read.error);
      if (known?.hash === hashOf(read.text)) return memo.yaml.set(file, known) && remembered(file, known);
      const loaded = await parseYamlFile(file, read.text, schemaOf, errors);
      if (loaded.value !== undefined)
        memo.yaml.set(file, { hash: loaded.hash, text: loaded.text, data: loaded.source.data, value: loaded.value, source: loaded.source });
      return loaded;
    },
    kept: (name, key, make) => bySite((memo.kept ??= new Map()), name, key(), make),
    markdown: (kind, dir, fileOf, errors) =>
      readMarkdownFiles(memo, changed, `content/${kind.folder}/`, kind.schema, { dir, fileOf, errors }),
  };
}

/** The markdown files of one kind's folder (`prefix`: content/blog/), each taken from the memo while its stamp is the same. */
async function readMarkdownFiles(
  memo: ContentMemo,
  changed: Set<string> | undefined,
  prefix: string,
  schemaOf: () => Promise<unknown>,
  { dir, fileOf, errors }: { dir: string; fileOf: (path: string) => string; errors: SiteError[] },
): Promise<ArticleFile[]> {
  const last = memo.found?.get(prefix);
  const told = changed && last ? changed : undefined;
  const paths = told ? foundAgain(last!, told, dir, prefix) : await listArticleFiles(dir, fileOf, errors);
  const loaded: ArticleFile[] = [];
  const found: string[] = [];
  let schema: ArticleSchema | undefined;
  for (const path of paths) {
    const file = fileOf(path);
    const known = memo.markdown.get(file);
    // Told what changed, a file the memo holds and the watcher did not name is the one loaded.
    const stamp = told && known && !told.has(file) ? known.stamp : stampOf(statArticle(path, file, errors));
    if (!stamp) continue;
    found.push(path);
    if (known && sameStamp(known.stamp, stamp)) {
      loaded.push(rememberedArticle(known, path));
      continue;
    }
    memo.markdown.delete(file);
    schema ??= (await schemaOf()) as ArticleSchema;
    const article = readArticle(path, file, schema, errors);
    if (article) loaded.push(remember(memo, stamp, article));
  }
  (memo.found ??= new Map()).set(prefix, found);
  // Told what changed, only the files named can have gone (or failed): the others are in the memo as they were.
  const kept = new Set(loaded.map((a) => a.article.file));
  const mine = told ? [...told].filter((f) => memo.markdown.has(f)) : [...memo.markdown.keys()].filter((f) => f.startsWith(prefix));
  for (const file of mine) if (!kept.has(file)) memo.markdown.delete(file);
  return loaded;
}

const stampOf = (info: Stamp | undefined): Stamp | undefined => info && { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };

/** The markdown files of a folder in the last build, less those the watcher saw go, with those it saw come. */
function foundAgain(last: string[], changed: Set<string>, dir: string, prefix: string): string[] {
  // As the listing of the folder takes them: .md files, none whose name starts with a dot.
  const touched = [...changed]
    .filter((p) => p.startsWith(prefix) && p.endsWith('.md') && !/\/\./.test(p) && !isTranslationFile(p))
    .map((p) => join(dir, p.slice(prefix.length)));
  return [...new Set([...last, ...touched])];
}

function remember(memo: ContentMemo, stamp: Stamp, { article, source, frontMatter, lineOffset }: LoadedArticle): ArticleFile {
  memo.markdown.set(article.file, { stamp, article, data: source.data, lineOffset, frontMatter, source });
  return { article, source };
}

function remembered(file: string, known: YamlMemoEntry) {
  known.source ??= lazySource(file, known.text, known.data);
  return { hash: known.hash, text: known.text, source: known.source, value: known.value };
}

function rememberedArticle(entry: MarkdownMemoEntry, path: string): ArticleFile {
  // The front matter is read again only if a problem found later must be located in it.
  const frontMatter =
    entry.frontMatter ?? (() => frontMatterOf(readContentFileSync(path, entry.article.file, 'an article file').text ?? ''));
  entry.source ??= lazySource(entry.article.file, frontMatter, entry.data, entry.lineOffset);
  return { article: entry.article, source: entry.source };
}

/** What the dev server keeps of the whole site but markdown bodies: values by name, with the key of what each was made from. */
export type SiteMemo = Map<string, { key: string; value: unknown }>;

/**
 * `make`'s value, taken over while `key` is the same: for work across the whole site that reads no markdown body (review,
 * warnings, image checks), keyed by every YAML file, the options and every markdown file's card (siteKeyOf) and whatever else it reads.
 */
export function bySite<T>(memo: SiteMemo, name: string, key: string, make: () => T): T {
  const known = memo.get(name);
  if (known?.key === key) return known.value as T;
  const value = make();
  memo.set(name, { key, value });
  return value;
}
