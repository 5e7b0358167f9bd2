/**
 * The search index fed while the pages render (search/feed.ts): whatever order the render makes the pages in, the index
 * holds them in its own order and its files are the bytes of the same pages added after the render.
 */
import { describe, expect, it } from 'vitest';
import { indexFeed, type FeedPage } from '../../src/search/feed.ts';
import { indexPages, type IndexedPage } from '../../src/search/pagefind.ts';
import { withSynonyms } from '../../src/search/extract.ts';

const words = ['magnesium', 'thyroid', 'sleep', 'fibre', 'zinc', 'energy', 'hormone', 'testing', 'vitamin', 'protein'];

/** A page's indexed text, as searchTextOf makes it. */
const textOf = (i: number) =>
  `<html lang="en"><head></head><body><main data-pagefind-body><h1>Page ${i}</h1>` +
  `<p>${words.map((w, j) => `${w}${(i * 7 + j) % 13}`).join(' ')} about ${words[i % words.length]}.</p></main></body></html>`;

/** Twelve pages in the index's order, one not indexed (''), one with the patient's words. */
const order: FeedPage[] = Array.from({ length: 12 }, (_, i) => ({
  file: `p${String(i).padStart(2, '0')}/index.html`,
  url: `/p${String(i).padStart(2, '0')}/`,
  words: i === 3 ? ['low T'] : undefined,
}));
const texts = new Map(order.map((p, i) => [p.file, i === 5 ? '' : textOf(i)]));
/** The pages the search stage makes the index of, in its order. */
const pages: IndexedPage[] = order.filter((p) => texts.get(p.file)).map((p) => ({ url: p.url, html: withSynonyms(texts.get(p.file)!, p.words) }));

/** The files as name → bytes. */
const byName = (files: { file: string; bytes: Uint8Array }[]) => new Map(files.map((f) => [f.file, Buffer.from(f.bytes).toString('base64')]));

describe('the index fed while the pages render', () => {
  it('should make the bytes of the same pages added after the render, when the render makes them in another order', async () => {
    const feed = indexFeed(order);
    for (const i of [7, 2, 11, 0, 5, 9, 1, 3, 10, 4, 8, 6]) feed.arrived(order[i]!.file, texts.get(order[i]!.file)!);
    const fed = await feed.filesIfHolding(pages);
    expect(fed).toBeDefined();
    expect(byName(fed!)).toEqual(byName(await indexPages(pages)));
  });

  it('should give no files when it holds other pages than those the index is made of', async () => {
    const feed = indexFeed(order);
    for (const page of order) feed.arrived(page.file, texts.get(page.file)!);
    const changed = pages.map((p, i) => (i === 4 ? { ...p, html: p.html.replace('Page', 'A page') } : p));
    expect(await feed.filesIfHolding(changed)).toBeUndefined();
  });

  it('should give no files when a page never came (one the render took over from the last output)', async () => {
    const feed = indexFeed(order);
    for (const page of order.slice(1)) feed.arrived(page.file, texts.get(page.file)!);
    expect(await feed.filesIfHolding(pages)).toBeUndefined();
  });

  it('should rank pages in its order, for the render to make them in', () => {
    const feed = indexFeed(order);
    expect(order.map((p) => feed.rank(p.file))).toEqual(order.map((_, i) => i));
    feed.close();
  });
});
