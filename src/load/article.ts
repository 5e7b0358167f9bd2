/** Loading one blog article: front matter (with real line numbers when something is wrong) and its markdown body. */
import matter from 'gray-matter';
import { basename, posix } from 'node:path';
import { checkBodyText } from '../validate/body.ts';
import { hashOf } from '../hash.ts';
import { problems, type SiteError } from '../errors.ts';
import type { Article, articleSchema } from '../schemas/article.ts';
import { besideImageName, components, inspectMarkdown, readTimeOf, type BodyPosition } from '../markdown/markdown.ts';
import { articlePlaceholders } from '../validate/placeholders.ts';
import { placeholdersIn } from '../markdown/placeholders.ts';
import { validate } from '../validate/schema.ts';
import { parseYaml } from './yaml.ts';
import type { YamlSource } from '../schemas/content.ts';

/** A loaded article and the source that can locate its front-matter fields. */
export interface LoadedArticle {
  article: Article;
  source: YamlSource;
  /** The front matter text and the lines before it, to locate fields later without re-reading. */
  frontMatter: string;
  lineOffset: number;
}

/**
 * gray-matter's options: the YAML engine is ours and every other engine refuses. gray-matter
 * would evaluate `---js` front matter; the opening line is checked before it is called, so these
 * refusals are a second guard. Options are always passed, so gray-matter's module-level cache
 * (used only for calls without options) never answers for us.
 */
function matterOptions(yaml: (text: string) => object): { language: string; engines: Record<string, (text: string) => object> } {
  const refuse = (): never => {
    throw new Error('only YAML front matter is allowed');
  };
  const engines = {
    yaml,
    yml: yaml,
    javascript: refuse,
    js: refuse,
    json: refuse,
    coffee: refuse,
    coffeescript: refuse,
    cson: refuse,
    toml: refuse,
  };
  return { language: 'yaml', engines };
}

/**
 * Parses `content/blog/SLUG.md`: the opening line, then the front matter through the one YAML
 * parser (positions are worked out again only when something is wrong), then its fields.
 */
export function loadArticle(file: string, text: string, schema: typeof articleSchema, errors: SiteError[]): LoadedArticle | undefined {
  // gray-matter hands back no front matter at all for an empty text; a file of blank lines is as empty to an author.
  if (text.trim() === '') {
    errors.push(problems.emptyArticle({ file, line: 1, column: 1 }));
    return undefined;
  }
  const opening = openingProblem(file, text);
  if (opening) {
    errors.push(opening);
    return undefined;
  }
  let result: ReturnType<typeof parseYaml> | undefined;
  let lineOffset = 1;
  const parsed = matter(
    text,
    matterOptions((frontMatter) => {
      lineOffset = linesBefore(text, frontMatter);
      result = parseYaml(file, withoutClosingReturn(frontMatter), lineOffset);
      return (result.source.data ?? {}) as object;
    }),
  );
  const frontMatter = withoutClosingReturn(parsed.matter);
  // gray-matter does not call the engine for front matter that is empty or only comments.
  if (!result) {
    lineOffset = linesBefore(text, frontMatter);
    result = parseYaml(file, frontMatter, lineOffset);
  }
  if (result.errors.length > 0) {
    errors.push(...result.errors);
    return undefined;
  }
  const { source } = result;
  const front = schema.safeParse(source.data ?? {});
  let value = front.success ? front.data : undefined;
  if (!front.success) {
    const before = errors.length;
    value = validate(source, schema, errors);
    if (value === undefined || errors.length > before) return undefined;
  }
  const article = toArticle(file, text, parsed.content, value!);
  const before = errors.length;
  article.references = checkBody(article, parsed.content, errors);
  if (!article.draft) checkFrontMatterPlaceholders(source, errors);
  if (errors.length > before) return undefined;
  article.cardHash = cardHashOf(article);
  return { article, source, frontMatter, lineOffset };
}

/**
 * The front matter without the carriage return gray-matter leaves at its end in a file saved with
 * Windows line endings (it closes at "\n---"): the YAML parser would keep it in the last field's
 * value ("photo.png\r", "Sleep\r").
 */
function withoutClosingReturn(frontMatter: string): string {
  return frontMatter.endsWith('\r') ? frontMatter.slice(0, -1) : frontMatter;
}

/** Scaffold text or a TODO left in the front matter of an article to be published, at its field. */
function checkFrontMatterPlaceholders(source: YamlSource, errors: SiteError[]): void {
  for (const [key, value] of Object.entries((source.data ?? {}) as Record<string, unknown>)) {
    const found = typeof value === 'string' ? placeholdersIn(value, articlePlaceholders)[0] : undefined;
    if (found) errors.push(problems.placeholderText(source.locate([key]), found.text));
  }
}

/**
 * The body's components, images and (unless it is a draft) placeholder text, each problem at its
 * line and column in the file; what it refers to, located the same way, for the checks that need
 * the rest of the content (treatments, booking services, image files).
 */
function checkBody(article: Article, body: string, errors: SiteError[]): NonNullable<Article['references']> {
  const { findings, references } = inspectMarkdown(body, article.draft ? {} : { placeholders: articlePlaceholders });
  // remark counts lines from the start of the body: the front matter comes before it.
  const at = (p: BodyPosition) => ({ file: article.file, line: article.bodyLine + p.line - 1, column: p.column });
  checkBodyText(body, at, errors);
  for (const f of findings) {
    if (f.kind === 'unknown-component') errors.push(problems.unknownComponent(at(f.at), f.name, f.suggestion, Object.keys(components)));
    else if (f.kind === 'component-form') errors.push(problems.componentForm(at(f.at), f.name, f.expected));
    else if (f.kind === 'unknown-attribute') errors.push(problems.unknownAttribute(at(f.at), f.name, f.attribute, f.suggestion, f.known));
    else if (f.kind === 'missing-attribute') errors.push(problems.missingAttribute(at(f.at), f.name, f.attribute));
    else if (f.kind === 'missing-alt') errors.push(problems.missingAlt(at(f.at), f.src));
    else if (f.kind === 'remote-image') errors.push(problems.remoteImage(at(f.at), f.src));
    else if (f.kind === 'image-path') errors.push(problems.imagePath(at(f.at), f.src));
    else if (f.kind === 'too-deep') errors.push(problems.markdownTooDeep(at(f.at), f.limit));
    else if (f.kind === 'too-many-marks') errors.push(problems.markdownTooManyMarks(at(f.at), f.limit));
    else if (f.kind === 'too-many-blocks') errors.push(problems.markdownTooManyBlocks(at(f.at), f.what, f.limit));
    else if (f.kind === 'ambiguous-link') errors.push(problems.ambiguousLink(at(f.at), 'the link goes to', f.href, true));
    else errors.push(problems.placeholderText(at(f.at), f.text));
  }
  return {
    images: references.images.map((r) => {
      const file = posix.join(posix.dirname(article.file), besideImageName(r.src));
      return { src: r.src, file, image: `/images/${posix.relative('content', file)}`, loc: at(r.at) };
    }),
    treatments: references.treatments.map((r) => ({ id: r.id, loc: at(r.at) })),
    bookings: references.bookings.map((r) => ({ service: r.service, loc: at(r.at) })),
  };
}

/**
 * A first line that opens front matter in anything but YAML (`---js`, which gray-matter would run
 * as code) or holds a field (`--- title: oops`), or front matter never closed (gray-matter would read
 * the whole text as YAML), or a `---yaml` the browser editor cannot read; undefined when it is `---` alone and a line starting with
 * `---` closes it.
 */
function openingProblem(file: string, text: string): SiteError | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!text.startsWith('---', start)) return undefined;
  const end = text.indexOf('\n', start);
  const line = text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '');
  const rest = line.slice(3).trim();
  if (!line.startsWith('----') && rest === '') {
    // gray-matter closes front matter at the first "\n---" after the opening one.
    return text.indexOf('\n---', start + 3) === -1 ? problems.frontMatterNotClosed({ file, line: 1, column: 1 }) : undefined;
  }
  const loc = { file, line: 1, column: line.startsWith('----') ? 1 : line.indexOf(rest) + 1 };
  // `---yaml` is YAML, but the browser editor reads front matter only after `---` alone, and would lose it.
  if (!line.startsWith('----') && /^ya?ml$/i.test(rest)) return problems.frontMatterYamlMark(loc, rest);
  if (!line.startsWith('----') && /^[A-Za-z][\w+.-]*$/.test(rest)) return problems.frontMatterLanguage(loc, rest);
  return problems.frontMatterFence(loc, line);
}

/** What a card shows of an article (its front matter, slug, file, read time and references), not its body, as a hash. */
function cardHashOf(article: Article): string {
  const {
    markdown: _markdown,
    bodyLine: _bodyLine,
    bodyOffset: _bodyOffset,
    sourceHash: _sourceHash,
    cardHash: _cardHash,
    ...shown
  } = article;
  return hashOf(JSON.stringify(shown));
}

/**
 * Every article has the same properties in the same order, present or not: the loops over
 * thousands of articles (cards, lists, checks) then read each property from one place instead of
 * looking it up among as many object layouts as there are combinations of optional fields.
 */
function toArticle(file: string, text: string, body: string, front: ReturnType<typeof articleSchema.parse>): Article {
  const beside = besideImage(file, front.image);
  return {
    title: front.title,
    excerpt: front.excerpt,
    author: front.author,
    publishDate: front.publishDate,
    category: front.category,
    readTime: front.readTime ?? readTimeOf(body),
    image: beside?.image ?? front.image,
    featured: front.featured,
    aliases: front.aliases,
    draft: front.draft ?? false,
    reviewedBy: front.reviewedBy,
    reviewedOn: front.reviewedOn,
    sources: front.sources,
    slug: basename(file, '.md'),
    file,
    imageFile: beside?.imageFile,
    markdown: body,
    bodyLine: text.slice(0, text.length - body.length).split('\n').length,
    bodyOffset: text.length - body.length,
    references: undefined,
    sourceHash: hashOf(text),
    cardHash: '',
  };
}

/**
 * An image named by its file name is beside the article (content/blog/x.png) and is published
 * under images/ at the same place inside content/ (/images/blog/x.png).
 */
function besideImage(file: string, image: string | undefined): { image: string; imageFile: string } | undefined {
  if (image === undefined || image.startsWith('/')) return undefined;
  const imageFile = posix.join(posix.dirname(file), image);
  return { imageFile, image: `/images/${posix.relative('content', imageFile)}` };
}

/** The front matter text of an article file (for locating a field of an article taken from the cache). */
export function frontMatterOf(text: string): string {
  if (openingProblem('', text)) return '';
  return matter(
    text,
    matterOptions(() => ({})),
  ).matter;
}

/** Lines before the front matter text in the file: the opening `---` (gray-matter may keep its newline). */
function linesBefore(text: string, frontMatter: string): number {
  return text.slice(0, Math.max(0, text.indexOf(frontMatter))).split('\n').length - 1;
}
