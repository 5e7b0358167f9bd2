/**
 * The load stage's reader with a memory: a YAML file whose text is unchanged and an article whose
 * stamp is unchanged are not parsed again; told what changed, the other files are not looked at.
 */
import { join } from 'node:path';
import { hashOf } from '../hash.ts';
import { frontMatterOf, type LoadedArticle } from '../load/article.ts';
import {
  articleSchemaOf,
  listArticleFiles,
  parseYamlFile,
  readArticle,
  statArticle,
  type ArticleFile,
  type ContentReader,
} from '../load/content.ts';
import { readContentFile, readContentFileSync } from '../read.ts';
import { isTranslationFile } from '../schemas/translation.ts';
import { lazySource } from '../load/yaml.ts';
import type { YamlSource } from '../schemas/content.ts';
import type { Article } from '../schemas/article.ts';
import { bySite, type SiteMemo } from './routes.ts';
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

/** A valid article as loaded, with the stamp of its file (the body is left out on disk: the file has it). */
export interface ArticleMemoEntry {
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
  articles: Map<string, ArticleMemoEntry>;
  /** In memory only: every article file the last build found (by path), for a rebuild told what changed. */
  found?: string[];
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
    async articles(dir, fileOf, errors) {
      const told = changed && memo.found ? changed : undefined;
      const paths = told ? foundAgain(memo.found!, told, dir) : await listArticleFiles(dir, fileOf, errors);
      const loaded: ArticleFile[] = [];
      const found: string[] = [];
      let schema: Awaited<ReturnType<typeof articleSchemaOf>> | undefined;
      for (const path of paths) {
        const file = fileOf(path);
        const known = memo.articles.get(file);
        // Told what changed, an article the memo holds and the watcher did not name is the one loaded.
        if (told && known && !told.has(file)) {
          found.push(path);
          loaded.push(rememberedArticle(known, path));
          continue;
        }
        const info = statArticle(path, file, errors);
        const stamp = info && { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
        if (!stamp) continue;
        found.push(path);
        if (known && sameStamp(known.stamp, stamp)) {
          loaded.push(rememberedArticle(known, path));
          continue;
        }
        memo.articles.delete(file);
        schema ??= await articleSchemaOf();
        const article = readArticle(path, file, schema, errors);
        if (article) loaded.push(remember(memo, stamp, article));
      }
      memo.found = found;
      // Told what changed, only the files named can have gone (or failed): the others are in the memo as they were.
      const kept = new Set(loaded.map((a) => a.article.file));
      for (const file of told ? [...told].filter((f) => memo.articles.has(f)) : [...memo.articles.keys()])
        if (!kept.has(file)) memo.articles.delete(file);
      return loaded;
    },
  };
}

/** The article files of the last build, less those the watcher saw go, with those it saw come. */
function foundAgain(last: string[], changed: Set<string>, dir: string): string[] {
  // As the listing of the folder takes them: .md files, none whose name starts with a dot.
  const touched = [...changed]
    .filter((p) => p.startsWith('content/blog/') && p.endsWith('.md') && !/\/\./.test(p) && !isTranslationFile(p))
    .map((p) => join(dir, p.slice('content/blog/'.length)));
  return [...new Set([...last, ...touched])];
}

function remember(memo: ContentMemo, stamp: Stamp, { article, source, frontMatter, lineOffset }: LoadedArticle): ArticleFile {
  memo.articles.set(article.file, { stamp, article, data: source.data, lineOffset, frontMatter, source });
  return { article, source };
}

function remembered(file: string, known: YamlMemoEntry) {
  known.source ??= lazySource(file, known.text, known.data);
  return { hash: known.hash, text: known.text, source: known.source, value: known.value };
}

function rememberedArticle(entry: ArticleMemoEntry, path: string): ArticleFile {
  // The front matter is read again only if a problem found later must be located in it.
  const frontMatter =
    entry.frontMatter ?? (() => frontMatterOf(readContentFileSync(path, entry.article.file, 'an article file').text ?? ''));
  entry.source ??= lazySource(entry.article.file, frontMatter, entry.data, entry.lineOffset);
  return { article: entry.article, source: entry.source };
}
