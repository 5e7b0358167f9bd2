/**
 * A body without an `@` is parsed without GFM's email autolink literals (a third of a plain
 * article's parse). That shortcut must never change a page: for every body here, the HTML and the
 * outline are what the full GFM syntax gives.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { generateArticles } from '../bench/harness/articles.mjs';
import { parsers, renderMarkdown, syntaxOf, type MarkdownContext } from '../src/render/markdown.ts';
import { projectRoot } from './helpers.ts';

const context: MarkdownContext = { mode: 'page', slug: 'x', imageBase: '/images/blog/', booking: 'https://book.example.com/', bookingLabel: 'Book Now', treatments: {}, images: {} };

/** Bodies with every kind of autolink literal and the markup around them. */
const tricky = [
  'Visit www.example.com or https://example.com/path?q=1, and http://x.y.',
  'WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM in capitals.',
  'A [link](https://example.com) and <https://example.com/angle>.',
  'Write to care@example.com, or *care@example.com*, or care@example.com.',
  'mailto:care@example.com and xmpp:team@example.com/desk',
  'An escaped \\@ sign, a reference &#64; and an entity &commat; before a@b.co.',
  'a_b+c@d-e.fg_ and x@y and @handle and name@',
  '| a | b |\n| --- | ---: |\n| www.example.com | c@d.ef |',
  '- [x] done www.example.com\n- [ ] open',
  'Footnote[^1] and ~~strike~~.\n\n[^1]: See https://example.com.',
  ':::note\nInside a note: www.example.com\n:::',
  'Plain prose, ratios 3:1 and times 10:30, nothing to link.',
];

function realBodies(): string[] {
  const dir = join(projectRoot, 'content', 'blog');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => matter(readFileSync(join(dir, f), 'utf8'), { language: 'yaml' }).content);
}

describe('the markdown syntax a body is parsed with', () => {
  const bodies = [...tricky, ...realBodies(), ...generateArticles(40).map((a) => matter(a.text, { language: 'yaml' }).content)];

  it('should render every body as the full GFM syntax does', () => {
    for (const body of bodies) {
      for (const mode of ['page', 'feed'] as const) {
        expect(renderMarkdown(body, { ...context, mode }), body).toEqual(renderMarkdown(body, { ...context, mode }, 'full'));
      }
    }
  });

  it('should use the plain syntax only for bodies without an @, and give the same tree', () => {
    let plain = 0;
    for (const body of bodies) {
      if (syntaxOf(body) !== 'plain') {
        expect(body).toContain('@');
        continue;
      }
      plain++;
      expect(parsers.plain.parse(body), body).toEqual(parsers.full.parse(body));
    }
    // The generated articles hold no @: the shortcut is taken for them.
    expect(plain).toBeGreaterThanOrEqual(40);
  });

  it('should leave email autolinks out of the plain syntax and nothing else', () => {
    const constructNames = (syntax: 'full' | 'plain') => {
      const extensions = (parsers[syntax].data() as { micromarkExtensions: { text?: Record<string, { name?: string } | { name?: string }[]> }[] }).micromarkExtensions;
      return new Set(extensions.flatMap((e) => Object.values(e.text ?? {}).flatMap((c) => (Array.isArray(c) ? c : [c]).map((x) => x.name ?? '?'))));
    };
    const full = constructNames('full');
    const plain = constructNames('plain');
    expect(full.has('emailAutolink')).toBe(true);
    expect(plain.has('emailAutolink')).toBe(false);
    expect([...plain].sort()).toEqual([...full].filter((n) => n !== 'emailAutolink').sort());
  });
});
