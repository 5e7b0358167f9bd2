/** Markdown features in articles: a probe article using every one, built as a whole site and read as HTML. */
import { load, type CheerioAPI } from 'cheerio';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { githubSlug, renderMarkdown, renderPageAndFeed, type MarkdownContext } from '../../src/markdown/markdown.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { keepHyphenatedWordsWhole } from '../../src/render/words.ts';
import { articleBodies, projectRoot, removeProject, tempProject } from '../helpers.ts';

let dir: string;
let files: Map<string, Uint8Array>;
const text = (file: string) => new TextDecoder().decode(files.get(file));
let $: CheerioAPI;
let prose: ReturnType<CheerioAPI>;

beforeAll(async () => {
  dir = await tempProject('markdown-probe');
  const writer = memoryWriter();
  await build({ root: dir, writer, today: '2026-01-01' });
  files = writer.files;
  $ = load(text('blog/markdown-probe/index.html'));
  prose = $('.prose');
}, 120_000);
afterAll(async () => {
  await removeProject(dir);
});

describe('GitHub-flavoured markdown', () => {
  it('should put a table in a labelled, focusable region that scrolls, with column headers', () => {
    const region = prose.find('div.table-scroll');
    expect(region).toHaveLength(1);
    expect(region.attr('role')).toBe('region');
    expect(region.attr('tabindex')).toBe('0');
    expect(region.attr('aria-label')).toBe('Table: Scan, Price, Time');
    expect(region.find('table thead th').map((_, th) => $(th).attr('scope')).get()).toEqual(['col', 'col', 'col']);
    expect(region.find('tbody tr')).toHaveLength(2);
    expect(region.find('tbody td').eq(1).attr('class')).toBe('align-right');
    expect(region.find('[align]')).toHaveLength(0);
  });

  it('should render strikethrough, task lists, autolinks and footnotes', () => {
    expect(prose.find('del').text()).toBe('Weight is all that matters.');
    const boxes = prose.find('ul.contains-task-list li.task-list-item .task-box[role="img"]');
    expect(boxes.map((_, b) => $(b).attr('aria-label')).get()).toEqual(['Done:', 'To do:']);
    expect(boxes.first().hasClass('task-done')).toBe(true);
    expect(prose.find('input')).toHaveLength(0);
    const auto = prose.find('a[href="http://www.example.com"]');
    expect(auto.attr('target')).toBe('_blank');
    expect(auto.attr('rel')).toBe('noopener noreferrer');
    const ref = prose.find('sup a[data-footnote-ref]');
    const target = ref.attr('href')!.slice(1);
    expect(prose.find(`li[id="${target}"]`).text()).toContain('A study of body composition, 2023.');
    expect(prose.find(`[id="${ref.attr('aria-describedby')}"]`).text()).toBe('Footnotes');
  });

  it('should keep ordinary colons in prose as text', () => {
    const first = prose.find('p').first().text();
    expect(first).toContain('opens at 10:30 on Fridays');
    expect(first).toContain('(think 3:1, not 1:1)');
    expect(first).toContain('A pro:tip and a side:note stay words.');
  });

  it('should strip raw HTML, script and javascript: links', () => {
    const html = prose.html()!;
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(prose.find('a:contains("a trap")').attr('href')).toBeUndefined();
  });
});

describe('heading anchors', () => {
  it('should give every heading a GitHub slug, -1 for a duplicate, and an anchor link beside it', () => {
    expect(prose.find('h2, h3').map((_, h) => $(h).attr('id')).get()).toEqual(['first-section', 'first-section-1', 'components', 'a-picture', 'footnote-label']);
    const heading = prose.find('h2#first-section');
    expect(heading.text()).toBe('First section');
    const anchor = heading.next('a.heading-anchor');
    expect(anchor.attr('href')).toBe('#first-section');
    expect(anchor.attr('aria-label')).toBe('Link to this section: First section');
    expect(anchor.find('[aria-hidden="true"]').text()).toBe('#');
  });

  it('should follow GitHub slug rules', () => {
    expect(githubSlug('First section')).toBe('first-section');
    expect(githubSlug('Is it safe?')).toBe('is-it-safe');
    expect(githubSlug("Women's Health & Hormones")).toBe('womens-health--hormones');
  });

  it('should show an "On this page" outline of the h2 sections outside the text', () => {
    const outline = $('nav.article-outline');
    expect(outline.attr('aria-labelledby')).toBe('article-outline-title');
    expect($('#article-outline-title').text()).toBe('On this page');
    expect(outline.find('a').map((_, a) => $(a).attr('href')).get()).toEqual(['#first-section', '#first-section-1', '#components']);
    expect(outline.closest('.prose')).toHaveLength(0);
  });

  it('should not show an outline for fewer than three h2', () => {
    const { outline } = renderMarkdown('## One\n\n## Two\n', { mode: 'page', slug: 'x', imageBase: '/images/blog/', booking: 'https://b.example.com/', bookingLabel: 'Book', treatments: {}, images: {} });
    expect(outline).toHaveLength(2);
    expect(load(text('blog/why-we-started/index.html'))('nav.article-outline li').length).toBeGreaterThanOrEqual(3);
  });
});

describe('components', () => {
  it('should render the three callouts with their titles', () => {
    const callouts = prose.find('div.callout[role="note"]');
    expect(callouts.map((_, c) => $(c).attr('class')).get()).toEqual(['callout callout-note', 'callout callout-tip', 'callout callout-warning']);
    expect(callouts.map((_, c) => $(c).find('.callout-title').text()).get()).toEqual(['Note', 'Before your scan', 'Warning']);
    expect(callouts.eq(1).find('strong').text()).toBe('remove jewellery');
  });

  it('should render the booking button with the booking target and a book_now_clicked event labelled with the article', () => {
    const button = prose.find('.article-booking a.button');
    expect(button.attr('href')).toBe('https://booking.example.com/book?service=diagnostic-experience');
    expect(button.attr('target')).toBe('_blank');
    expect(button.attr('rel')).toBe('noopener noreferrer');
    expect(button.attr('data-event')).toBe('book_now_clicked');
    expect(button.attr('data-event-category')).toBe('conversion');
    expect(button.attr('data-event-label')).toBe('article:markdown-probe');
    expect(button.text()).toBe('Book Now (opens in a new tab)');
  });

  it('should use the words in [ ] of ::booking[…] as the button text instead of "Book Now"', () => {
    const context = { mode: 'page' as const, slug: 'x', imageBase: '/images/blog/', booking: 'https://b.example.com/', bookingLabel: 'Book Now', treatments: {}, images: {} };
    const { html } = renderMarkdown('::booking[Book your *scan*]{service="initial-visit"}\n', context);
    const button = load(html)('.article-booking a.button');
    expect(button.attr('href')).toBe('https://b.example.com/?service=initial-visit');
    expect(button.text()).toBe('Book your scan (opens in a new tab)');
    expect(load(renderMarkdown('::booking{service="initial-visit"}\n', context).html)('a.button').text()).toBe('Book Now (opens in a new tab)');
  });

  it("should render treatment cards linking to the treatment's own page or its card on a service page", () => {
    const cards = prose.find('a.article-treatment');
    expect(cards.map((_, a) => $(a).attr('href')).get()).toEqual(['/treatments/nad/', '/services/body/mens-health#treatment-mens-sexual-health']);
    expect(cards.first().find('.article-treatment-title').text()).toMatch(/NAD/);
    expect(cards.first().find('.article-treatment-text').text().length).toBeGreaterThan(20);
  });
});

describe('pictures in the text', () => {
  it('should publish a picture beside the article with its size, AVIF and WebP variants, lazily', () => {
    const picture = prose.find('picture');
    const img = picture.find('img');
    expect(img.attr('src')).toBe('/images/blog/probe-scan.png');
    expect(img.attr('alt')).toBe('A body-composition scan report on a table');
    expect([img.attr('width'), img.attr('height'), img.attr('loading')]).toEqual(['960', '540', 'lazy']);
    expect(picture.find('source').map((_, s) => $(s).attr('type')).get()).toEqual(['image/avif', 'image/webp']);
    expect(files.has('images/blog/probe-scan.png')).toBe(true);
    for (const srcset of picture.find('source').map((_, s) => $(s).attr('srcset')).get()) {
      for (const entry of srcset.split(', ')) expect(files.has(entry.split(' ')[0]!.slice(1)), entry).toBe(true);
    }
  });
});

describe('the feed', () => {
  it('should carry the same text without the interactive parts', () => {
    const feed = load(text('feed.xml'), { xml: true });
    const item = feed('item').filter((_, i) => feed(i).find('link').text().endsWith('/blog/markdown-probe/'));
    const body = load(item.find('content\\:encoded').text());
    expect(body('table th').length).toBe(3);
    expect(body('.callout').length).toBe(3);
    expect(body('a.button').attr('href')).toBe('https://booking.example.com/book?service=diagnostic-experience');
    expect(body('[data-event]').length).toBe(0);
    expect(body('picture, source').length).toBe(0);
    expect(body('img').attr('src')).toBe('/images/blog/probe-scan.png');
    expect(body('h2#first-section').length).toBe(1);
  });

  it('should match the page body for an article without components (one renderer for both)', async () => {
    const page = load(text('blog/why-we-started/index.html'))('.prose').html()!.trim();
    const feed = load(text('feed.xml'), { xml: true });
    const item = feed('item').filter((_, i) => feed(i).find('link').text().endsWith('/blog/why-we-started/'));
    // The page keeps hyphenated words whole at a line's end (a span a feed reader has no CSS for): the rest is the same render.
    expect(keepHyphenatedWordsWhole(item.find('content\\:encoded').text().trim())).toBe(page);
    expect(await readFile(join(projectRoot, 'content/blog/why-we-started.md'), 'utf8')).not.toContain(':::');
  });
});

describe('renderPageAndFeed', () => {
  it('should render the page and the feed as two separate renders do, from one parse', async () => {
    const probe = await readFile(join(dir, 'content/blog/markdown-probe.md'), 'utf8');
    const bodies = [probe.slice(probe.indexOf('\n---', 3) + 4), ...articleBodies(40)];
    const page: MarkdownContext & { mode: 'page' } = {
      mode: 'page',
      slug: 'probe',
      imageBase: '/images/blog/',
      booking: 'https://booking.example.com/book',
      bookingLabel: 'Book Now',
      treatments: { nad: { title: 'NAD+', text: 'Cellular energy.', href: '/treatments/nad/' } },
      images: { '/images/blog/probe-scan.png': { width: 800, height: 600, sources: [{ type: 'image/avif', srcset: '/images/blog/probe-scan-800.avif 800w' }] } },
    };
    for (const body of bodies) {
      const both = renderPageAndFeed(body, page);
      expect(both.page).toEqual(renderMarkdown(body, page));
      expect(both.feed).toBe(renderMarkdown(body, { ...page, mode: 'feed' }).html);
      // The page's transform must not reach the feed's copy: they differ wherever the body has interactive parts.
      if (body.includes('::booking') || body.includes('](http')) expect(both.feed).not.toBe(both.page.html);
    }
  });
});

describe('the probe article as a page', () => {
  it('should be valid HTML within the page budget', async () => {
    const { HtmlValidate } = await import('html-validate');
    const validator = new HtmlValidate({ extends: ['html-validate:standard'], rules: { 'tel-non-breaking': 'error' } });
    const report = await validator.validateString(text('blog/markdown-probe/index.html'));
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`))).toEqual([]);
    const { gzipSync } = await import('node:zlib');
    expect(gzipSync(files.get('blog/markdown-probe/index.html')!, { level: 9 }).length).toBeLessThan(30 * 1024);
    const css = [...files.keys()].find((f) => /^assets\/site-.*\.css$/.test(f))!;
    expect(gzipSync(files.get(css)!, { level: 9 }).length).toBeLessThan(20 * 1024);
  });
});
