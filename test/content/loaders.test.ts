/** Unit tests of each loader: YAML with positions, articles with front matter, markdown, suggestions. */
import { describe, expect, it } from 'vitest';
import { articleSchema } from '../../src/schemas/article.ts';
import { loadArticle } from '../../src/load/article.ts';
import { markdownToHtml, readTimeOf } from '../../src/markdown/markdown.ts';
import { closest } from '../../src/suggest.ts';
import { parseYaml } from '../../src/load/yaml.ts';
import type { SiteError } from '../../src/errors.ts';

describe('parseYaml', () => {
  it('should locate values, list entries and keys by path', () => {
    const { source, errors } = parseYaml('content/x.yaml', 'title: A\nfaq:\n  - question: Q\n    answer: A\n');
    expect(errors).toEqual([]);
    expect(source.locate(['title'])).toEqual({ file: 'content/x.yaml', line: 1, column: 8 });
    expect(source.locate(['faq', 0, 'answer'])).toEqual({ file: 'content/x.yaml', line: 4, column: 13 });
    expect(source.locate(['faq', 0, 'answer'], true)).toEqual({ file: 'content/x.yaml', line: 4, column: 5 });
    expect(source.locate(['faq', 5])).toEqual({ file: 'content/x.yaml', line: 3, column: 3 });
  });

  it('should report duplicate keys as syntax errors', () => {
    const { errors } = parseYaml('content/x.yaml', 'title: A\ntitle: B\n');
    expect(errors[0]?.code).toBe('yaml-syntax');
    expect(errors[0]?.loc?.line).toBe(2);
  });

  it('should offset lines by the text before it', () => {
    const { source } = parseYaml('content/blog/a.md', 'title: A\n', 1);
    expect(source.locate(['title']).line).toBe(2);
  });
});

describe('loadArticle', () => {
  const text = '---\ntitle: T\nexcerpt: E\nauthor: A\npublishDate: 2024-03-04\ncategory: C\n---\n\n## Heading\n\nSome **text**.\n';

  it('should read front matter and render the body', () => {
    const errors: SiteError[] = [];
    const loaded = loadArticle('content/blog/t.md', text, articleSchema, errors);
    expect(errors).toEqual([]);
    expect(loaded?.article).toMatchObject({ slug: 't', title: 'T', publishDate: '2024-03-04', readTime: '1 min read', draft: false });
    expect(markdownToHtml(loaded!.article.markdown ?? '')).toContain('<h2 id="heading">Heading</h2>');
    expect(loaded?.article.bodyLine).toBe(8);
  });

  it('should read an article saved with Windows line endings as the same article (its last field without a carriage return)', () => {
    const text = '---\ntitle: "Windows"\nexcerpt: "An excerpt written in an editor on Windows."\nauthor: A\npublishDate: 2024-01-01\ncategory: Sleep\nimage: /images/blog/photo.png\n---\nThe body.\n';
    const load = (t: string) => {
      const errors: SiteError[] = [];
      return { article: loadArticle('content/blog/windows.md', t, articleSchema, errors)?.article, errors };
    };
    const unix = load(text);
    const windows = load(text.replace(/\n/g, '\r\n'));
    expect(windows.errors).toEqual([]);
    expect(windows.article?.image).toBe('/images/blog/photo.png');
    expect({ category: windows.article?.category, title: windows.article?.title }).toEqual({ category: unix.article?.category, title: unix.article?.title });
    const lastCategory = load(text.replace('image: /images/blog/photo.png\n', '').replace(/\n/g, '\r\n'));
    expect(lastCategory.article?.category).toBe('Sleep');
  });

  it('should report a front matter syntax error at its line in the file', () => {
    const errors: SiteError[] = [];
    loadArticle('content/blog/t.md', text.replace('author: A', 'author: "A'), articleSchema, errors);
    expect(errors[0]?.code).toBe('yaml-syntax');
    expect(errors[0]?.loc?.line).toBe(4);
  });
});

describe('markdownToHtml', () => {
  it('should strip script and event handlers from raw HTML', () => {
    const html = markdownToHtml('Hi <script>alert(1)</script> <img src="x" onerror="alert(1)"> [x](javascript:alert(1))');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
  });

  it('should estimate read time at 220 words a minute', () => {
    expect(readTimeOf('word '.repeat(1100))).toBe('5 min read');
    expect(readTimeOf('short')).toBe('1 min read');
  });
});

describe('closest', () => {
  it('should suggest near names and nothing for unrelated ones', () => {
    expect(closest('descripton', ['title', 'description', 'dosage'])).toEqual(['description']);
    expect(closest('ssrri', ['ssri', 'nad', 'glp1'])).toEqual(['ssri']);
    expect(closest('zzzzzz', ['title', 'description'])).toEqual([]);
  });
});
