/**
 * Loading an article checks its body (components, images, placeholders) without parsing it when
 * the raw text cannot hold anything the check looks for. That shortcut must never change an
 * answer: for every body here, inspectMarkdown gives exactly what a full parse gives.
 */
import { describe, expect, it } from 'vitest';
import { inspectMarkdown, inspectTree, mayHoldFindings } from '../../src/markdown/markdown.ts';
import { articlePlaceholders } from '../../src/validate/placeholders.ts';
import { articleBodies } from '../helpers.ts';

/** Bodies that hold something only a parse can see, or look as if they might. */
const tricky = [
  'Plain prose with no markup at all.',
  'A time such as 10:30, a ratio of 3:1 and a pro:tip stay text.',
  ':::note\nA note.\n:::',
  '> ::booking{service="weight-loss"}',
  '- item\n\n  ::treatment{id=thyroid}',
  'Inline :treatment[Thyroid]{id=thyroid} in a sentence.',
  'Inline :booking[Book]',
  '![A photo](./photo.jpg)',
  '![](./no-alt.png)',
  '![Remote](https://example.com/x.png)',
  'A reference image ![alt][ref]\n\n[ref]: ./photo.jpg',
  'TODO: write this section.',
  'A word like TODOS or MASTODON.',
  'Explain one idea per section.',
  'Explain one idea per section\\.',
  'Close with a practical next step&#46;',
  '&#84;ODO as a character reference.',
  'Another one',
  '  Another one  ',
  'Another one, and another.',
  '| a | b |\n| --- | --- |\n| TODO | x |',
  '[Explain one idea per section.](/blog/)',
  'A list works well for symptoms, steps or options\n\nmore',
  'Q&A with AT&T, and a back\\slash.',
  '<!-- TODO --> raw HTML.',
  '`TODO` in code.',
  '```\n::booking\n```',
];

describe('the article check without a parse', () => {
  const bodies = [...tricky, ...articleBodies(60)];

  it('should give what a full parse gives, for every body, with placeholders looked for and without', () => {
    for (const body of bodies) {
      for (const options of [{}, { placeholders: articlePlaceholders }]) {
        expect(inspectMarkdown(body, options), body).toEqual(inspectTree(body, options));
      }
    }
  });

  it('should skip the parse only for bodies a parse finds nothing in', () => {
    let skipped = 0;
    for (const body of bodies) {
      const options = { placeholders: articlePlaceholders };
      if (mayHoldFindings(body, options.placeholders)) continue;
      skipped++;
      const parsed = inspectTree(body, options);
      expect(parsed.findings, body).toEqual([]);
      expect(parsed.references, body).toEqual({ images: [], treatments: [], bookings: [] });
    }
    // The generated articles (prose, lists, links) are all skipped: the shortcut is taken.
    expect(skipped).toBeGreaterThanOrEqual(60);
  });

  it('should parse every tricky body that holds a finding or a reference', () => {
    const options = { placeholders: articlePlaceholders };
    const holding = tricky.filter((b) => {
      const r = inspectTree(b, options);
      return r.findings.length + r.references.images.length + r.references.treatments.length + r.references.bookings.length > 0;
    });
    expect(holding.length).toBeGreaterThan(10);
    for (const body of holding) expect(mayHoldFindings(body, options.placeholders), body).toBe(true);
  });
});
