/**
 * A body without an `@` is parsed without GFM's email autolink construct, one without a `|`
 * without the table construct (together a third of a plain article's parse). That shortcut must
 * never change a page: for every body here, the HTML and the outline are what the full GFM syntax
 * gives.
 */
import { describe, expect, it } from 'vitest';
import { processorsOf, renderMarkdown, syntaxOf, type MarkdownContext } from '../../src/markdown/markdown.ts';
import { articleBodies } from '../helpers.ts';

const context: MarkdownContext = { mode: 'page', slug: 'x', imageBase: '/images/blog/', booking: 'https://book.example.com/', bookingLabel: 'Book Now', treatments: {}, images: {} };

/** Bodies with every kind of autolink literal and the markup around them. */
const tricky = [
  'Visit www.example.com or https://example.com/path?q=1, and http://x.y.',
  'WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM in capitals.',
  'Wwww.example.com, xwww.example.com, www.x and https://x.y at a word\'s end: www.',
  'An escaped ww\\w.example.com and h\\ttp://example.com stay text.',
  'Http://Example.Com/Path and hTTps://example.com.',
  'A [link](https://example.com) and <https://example.com/angle>.',
  'Write to care@example.com, or *care@example.com*, or care@example.com.',
  'mailto:care@example.com and xmpp:team@example.com/desk',
  'An escaped \\@ sign, a reference &#64; and an entity &commat; before a@b.co.',
  'a_b+c@d-e.fg_ and x@y and @handle and name@',
  '| a | b |\n| --- | ---: |\n| www.example.com | c@d.ef |',
  'a | b\n--- | ---\nc | d',
  '| one column |\n| --- |\n| cell |',
  'Heading\n---\n\nHeading\n:-:\n\nText\n---:\n\nNo pipes, --- and :-: alone.',
  // One-column tables need no pipe: the delimiter row's colon makes them (so such a body keeps the table construct).
  'a\n:--',
  'a\n-:',
  '> quoted\n> :-:',
  '- item\n\n  cell\n  --:',
  'Setext\n---\n\nand\n===\n\n***\n\n- - -',
  '- [x] done www.example.com\n- [ ] open',
  'Footnote[^1] and ~~strike~~.\n\n[^1]: See https://example.com.',
  ':::note\nInside a note: www.example.com\n:::',
  'Plain prose, ratios 3:1 and times 10:30, nothing to link.',
];

describe('the markdown syntax a body is parsed with', () => {
  const bodies = [...tricky, ...articleBodies(40)];

  it('should render every body as the full GFM syntax does', () => {
    for (const body of bodies) {
      for (const mode of ['page', 'feed'] as const) {
        expect(renderMarkdown(body, { ...context, mode }), body).toEqual(renderMarkdown(body, { ...context, mode }, ''));
      }
    }
  });

  it('should leave a construct out only of bodies without its character, and give the same tree', () => {
    let both = 0;
    for (const body of bodies) {
      const syntax = syntaxOf(body);
      if (syntax.includes('emailAutolink')) expect(body).not.toContain('@');
      else expect(body).toContain('@');
      if (syntax.includes('table')) expect(body).not.toMatch(/\||:-|-:/);
      else expect(body).toMatch(/\||:-|-:/);
      if (syntax.includes('wwwAutolink')) expect(body).not.toMatch(/www/i);
      if (syntax.includes('protocolAutolink')) expect(body).not.toMatch(/http/i);
      if (syntax.includes('emailAutolink') && syntax.includes('table')) both++;
      expect(processorsOf(syntax).parser.parse(body), body).toEqual(processorsOf('').parser.parse(body));
    }
    // The generated articles hold neither: the shortcut is taken for them.
    expect(both).toBeGreaterThanOrEqual(40);
  });

  // Found while writing this: micromark makes a one-column table of "a" over ":-:" with no pipe at all.
  it('should keep the table construct for a one-column table written without a pipe', () => {
    for (const body of ['Heading\n:-:', 'Text\n---:', 'a\n:--']) {
      expect(syntaxOf(body), body).not.toContain('table');
      expect(renderMarkdown(body, context).html, body).toContain('<table>');
      expect(renderMarkdown(body, context, 'table').html, body).not.toContain('<table>');
    }
  });

  it('should leave out exactly the constructs the syntax names', () => {
    const constructNames = (syntax: string) => {
      const extensions = (processorsOf(syntax).parser.data() as { micromarkExtensions: Record<string, unknown>[] }).micromarkExtensions;
      const records = extensions.flatMap((e) => Object.values(e).filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r)));
      return new Set(records.flatMap((r) => Object.values(r).flatMap((c) => (Array.isArray(c) ? c : [c]).map((x: { name?: string }) => x.name ?? '?'))));
    };
    const full = constructNames('');
    const names = ['emailAutolink', 'wwwAutolink', 'protocolAutolink', 'table'];
    for (const name of names) expect(full.has(name), name).toBe(true);
    // Every combination of them.
    const syntaxes = Array.from({ length: 2 ** names.length }, (_, mask) => names.filter((_, i) => mask & (1 << i)).join(' '));
    for (const syntax of syntaxes) {
      const left = syntax.split(' ').filter(Boolean);
      expect([...constructNames(syntax)].sort(), syntax).toEqual([...full].filter((n) => !left.includes(n)).sort());
    }
  });
});
