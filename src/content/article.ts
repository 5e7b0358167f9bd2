/** Loading one blog article: front matter (with real line numbers when something is wrong) and its markdown body. */
import matter from 'gray-matter';
import jsYaml from 'js-yaml';
import { readFileSync } from 'node:fs';
import { basename, join, posix } from 'node:path';
import { hashOf } from '../cache.ts';
import { problems, type SiteError } from '../errors.ts';
import type { Article, articleSchema } from '../schemas/article.ts';
import { readTimeOf } from './markdown.ts';
import { validate } from './validate.ts';
import { lazySource, parseYaml, type YamlSource } from './yaml.ts';

/** A loaded article and the source that can locate its front-matter fields. */
export interface LoadedArticle {
  article: Article;
  source: YamlSource;
  /** The front matter text and the lines before it, to locate fields later without re-reading. */
  frontMatter: string;
  lineOffset: number;
}

/** Front matter through js-yaml's core schema: ten times faster than a positional parse, no Date objects. */
const fastEngine = { yaml: (text: string) => (jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA }) ?? {}) as object };

/**
 * Parses `content/blog/SLUG.md`. Valid articles take a fast path; when anything is wrong, the
 * front matter is parsed again with positions so every problem names its real line.
 */
export function loadArticle(file: string, text: string, schema: typeof articleSchema, errors: SiteError[]): LoadedArticle | undefined {
  let parsed: matter.GrayMatterFile<string> | undefined;
  try {
    parsed = matter(text, { engines: fastEngine });
  } catch {
    parsed = undefined;
  }
  const front = parsed ? schema.safeParse(parsed.data) : undefined;
  if (parsed && front?.success) {
    const frontMatter = parsed.matter;
    const lineOffset = linesBefore(text, frontMatter);
    return { article: toArticle(file, text, parsed.content, front.data), source: lazySource(file, frontMatter, parsed.data, lineOffset), frontMatter, lineOffset };
  }
  return loadWithPositions(file, text, schema, errors);
}

function toArticle(file: string, text: string, body: string, front: ReturnType<typeof articleSchema.parse>): Article {
  return {
    ...front,
    ...besideImage(file, front.image),
    slug: basename(file, '.md'),
    file,
    readTime: front.readTime ?? readTimeOf(body),
    markdown: body,
    sourceHash: hashOf(text),
    bodyLine: text.slice(0, text.length - body.length).split('\n').length,
    bodyOffset: text.length - body.length,
    draft: front.draft ?? false,
  };
}

/**
 * An image named by its file name is beside the article (content/blog/x.png) and is published
 * under images/ at the same place inside content/ (/images/blog/x.png).
 */
function besideImage(file: string, image: string | undefined): { image?: string; imageFile?: string } {
  if (image === undefined || image.startsWith('/')) return {};
  const imageFile = posix.join(posix.dirname(file), image);
  return { imageFile, image: `/images/${posix.relative('content', imageFile)}` };
}

/** Where to read an article's markdown body again: its file, where the body starts, and the file's hash. */
export interface MarkdownSource {
  /** Absolute path of the file. */
  path: string;
  /** The file as the project names it, for messages. */
  file: string;
  offset: number;
  hash: string;
}

/** An article's body from its file; a file that changed since it was loaded is an error, not a silent mix. */
export function readMarkdown(source: MarkdownSource): string {
  let text: string;
  try {
    text = readFileSync(source.path, 'utf8');
  } catch {
    throw problems.changedDuringBuild(source.file);
  }
  if (hashOf(text) !== source.hash) throw problems.changedDuringBuild(source.file);
  return text.slice(source.offset);
}

/** The markdown body of an article of the project in `root`, from memory or from its file. */
export function markdownOf(root: string, article: Article): string {
  return article.markdown ?? readMarkdown(markdownSourceOf(root, article));
}

/** Where an article's body can be read again. */
export function markdownSourceOf(root: string, article: Article): MarkdownSource {
  return { path: join(root, article.file), file: article.file, offset: article.bodyOffset, hash: article.sourceHash };
}

/** The front matter text of an article file (for locating a field of an article taken from the cache). */
export function frontMatterOf(text: string): string {
  return matter(text, { engines: fastEngine }).matter;
}

/** Lines before the front matter text in the file: the opening `---` (gray-matter may keep its newline). */
function linesBefore(text: string, frontMatter: string): number {
  return text.slice(0, Math.max(0, text.indexOf(frontMatter))).split('\n').length - 1;
}

function loadWithPositions(file: string, text: string, schema: typeof articleSchema, errors: SiteError[]): LoadedArticle | undefined {
  let source: YamlSource | undefined;
  let yamlErrors: SiteError[] = [];
  let frontMatterText = '';
  let lineOffset = 1;
  const parsed = matter(text, {
    engines: {
      yaml: (frontMatter: string) => {
        frontMatterText = frontMatter;
        lineOffset = linesBefore(text, frontMatter);
        const result = parseYaml(file, frontMatter, lineOffset);
        source = result.source;
        yamlErrors = result.errors;
        return (result.source.data ?? {}) as object;
      },
    },
  });
  source ??= parseYaml(file, '', 1).source;
  if (yamlErrors.length > 0) {
    errors.push(...yamlErrors);
    return undefined;
  }
  const before = errors.length;
  const front = validate(source, schema, errors);
  if (!front || errors.length > before) return undefined;
  return { article: toArticle(file, text, parsed.content, front), source, frontMatter: frontMatterText, lineOffset };
}
