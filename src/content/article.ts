/** Loading one blog article: front matter (with real line numbers) and its body as HTML. */
import matter from 'gray-matter';
import { basename } from 'node:path';
import type { SiteError } from '../errors.ts';
import { articleSchema, type Article } from '../schemas/article.ts';
import { markdownToHtml, readTimeOf } from './markdown.ts';
import { validate } from './validate.ts';
import { parseYaml, type YamlSource } from './yaml.ts';

/** A loaded article and the source that can locate its front-matter fields. */
export interface LoadedArticle {
  article: Article;
  source: YamlSource;
  /** The line of the file where the markdown body starts. */
  bodyLine: number;
}

/** Parses `content/blog/SLUG.md`; problems go into `errors` and the result is undefined. */
export function loadArticle(file: string, text: string, errors: SiteError[]): LoadedArticle | undefined {
  let source: YamlSource | undefined;
  let yamlErrors: SiteError[] = [];
  // The custom engine keeps positions; passing options also turns off gray-matter's global cache.
  const parsed = matter(text, {
    engines: {
      yaml: (frontMatter: string) => {
        // Lines before the front matter text in the file: the opening `---` (gray-matter may keep its newline).
        const before = text.slice(0, Math.max(0, text.indexOf(frontMatter))).split('\n').length - 1;
        const result = parseYaml(file, frontMatter, before);
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
  const front = validate(source, articleSchema, errors);
  if (!front || errors.length > before) return undefined;
  const bodyLine = text.slice(0, text.length - parsed.content.length).split('\n').length;
  const slug = basename(file, '.md');
  const article: Article = {
    ...front,
    slug,
    file,
    readTime: front.readTime ?? readTimeOf(parsed.content),
    html: markdownToHtml(parsed.content),
    draft: front.draft ?? false,
  };
  return { article, source, bodyLine };
}
