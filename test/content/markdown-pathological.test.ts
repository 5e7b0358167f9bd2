/**
 * Issue 37, item 10: markdown the parser reads in time that grows with the square of its size. One line of
 * "*_" 25,000 times took 65 s, 50,000 nested "[" 21.7 s, 6,500 one-line quotes 10 s; the dev server's
 * preview runs the same build. Each shape is refused before parsing, at its line; real articles pass.
 */
import { readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import type { SiteError } from '../../src/errors.ts';
import { loadArticle } from '../../src/load/article.ts';
import { inspectMarkdown, maxBlocks, maxMarks } from '../../src/markdown/markdown.ts';
import { articleSchema } from '../../src/schemas/article.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { articleBodies, siteErrorsOf, throwawayProjects } from '../helpers.ts';

const file = 'content/blog/hrt-glow-up.md';
const article = '---\ntitle: T\nexcerpt: E\nauthor: A\npublishDate: 2024-03-04\ncategory: Health\n---\n\nIntro.\n';
/** The line of the file where text appended after one blank line starts. */
const appendedLine = article.split('\n').length + 1;

/** Each shape that was slow, at a size that took seconds, and the line (from the shape's first) and column reported. */
const shapes: [string, string, number, number][] = [
  ['"*_" 25,000 times, "x", "_*" 25,000 times on one line (65 s)', `${'*_'.repeat(25_000)}x${'_*'.repeat(25_000)}`, 0, 1],
  ['8,000 "*", "x", 8,000 "*" (13 s)', `${'*'.repeat(8000)}x${'*'.repeat(8000)}`, 0, 1],
  ['"*a" 8,000 times (13 s)', '*a'.repeat(8000), 0, maxMarks * 2 + 1],
  ['"~_" 8,000 times, "x", "_~" 8,000 times (over 20 s)', `${'~_'.repeat(8000)}x${'_~'.repeat(8000)}`, 0, 1],
  ['50,000 nested "[" and "]" (21.7 s)', `${'['.repeat(25_000)}x${']'.repeat(25_000)}`, 0, 1],
  ['"[a]" 8,000 times (3 s)', '[a]'.repeat(8000), 0, (maxMarks / 2) * 3],
  ['"[*" 4,000 times, "x", "*]" 4,000 times (15 s)', `${'[*'.repeat(4000)}x${'*]'.repeat(4000)}`, 0, 1],
  ['"*a" on 8,000 lines of one paragraph', '*a\n'.repeat(8000), maxMarks, 1],
  ['6,500 quotes of one line (10 s)', '> a\n\n'.repeat(6500), maxBlocks.containers * 2, 1],
  ['4,000 lists nested in list items (5 s)', '- a\n  - b\n'.repeat(4000), maxBlocks.containers, 1],
  ['5,400 headings underlined with = (7.5 s)', 'a\n===\n\n'.repeat(5400), maxBlocks.underlines * 3 + 1, 1],
];

describe('markdown the parser would take seconds or minutes to read', () => {
  it.each(shapes)('should refuse %s at its line, before parsing it', (_, shape, line, column) => {
    const errors: SiteError[] = [];
    expect(loadArticle(file, `${article}\n${shape}\n`, articleSchema, errors)).toBeUndefined();
    expect(errors.map((e) => [e.code, e.loc])).toEqual([['markdown-too-many-marks', { file, line: appendedLine + line, column }]]);
    expect(errors[0]!.hint).toMatch(/split|remove|write headings/);
  });

  const project = throwawayProjects();
  it('should end the build with the located error when the 65 s line is appended to an article', async () => {
    const dir = await project();
    const before = readFileSync(join(dir, file), 'utf8');
    await appendFile(join(dir, file), `\n${shapes[0]![1]}\n`);
    const errors = await siteErrorsOf(build({ root: dir, writer: memoryWriter(), today: '2026-01-01' }));
    expect(errors.map((e) => [e.loc, e.message])).toEqual([
      [
        { file, line: before.split('\n').length + 1, column: 1 },
        `this paragraph holds more than ${maxMarks} of the characters * _ ~ [ ], more than the site can read quickly`,
      ],
    ]);
  });
});

describe('ordinary heavy markdown', () => {
  it('should pass every real article and 300 of the bench', () => {
    for (const body of articleBodies(300)) expect(inspectMarkdown(body).findings.filter((f) => f.kind.startsWith('too-many'))).toEqual([]);
  });

  it('should pass a body at every limit: marks in a paragraph, quote and list markers, underlined headings', () => {
    const paragraph = `Some **bold**, _emphasis_, ~struck~ and [a link](/process). `.repeat(maxMarks / 10);
    const lists = '- a\n  > b\n'.repeat(maxBlocks.containers / 2);
    const headings = 'Heading\n-------\n\n'.repeat(maxBlocks.underlines);
    const body = `${paragraph}\n\n${lists}\n${headings}`;
    expect(inspectMarkdown(body).findings).toEqual([]);
    expect(inspectMarkdown(`${body}\n*`).findings).toEqual([]);
    expect(inspectMarkdown(`${paragraph}*\n\n${lists}`).findings.map((f) => f.kind)).toEqual(['too-many-marks']);
    expect(inspectMarkdown(`${lists}- c\n`).findings.map((f) => f.kind)).toEqual(['too-many-blocks']);
    expect(inspectMarkdown(`${headings}c\n=\n`).findings.map((f) => f.kind)).toEqual(['too-many-blocks']);
  });
});
