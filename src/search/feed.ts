/**
 * The index fed while the pages render: Pagefind's program is a process of its own, so it reads each page as it comes
 * instead of all of them after the render, on the core the render leaves free. Pages go in the index's order (Pagefind
 * numbers them as they come), each once its text and those of every page before it in that order are there, so the files
 * are byte for byte those of the same pages added after the render.
 */
import type { OutputFile } from '../bundle/assets.ts';
import { withSynonyms } from './extract.ts';
import { addPages, indexFiles, openIndex, type IndexedPage } from './pagefind.ts';

/** A page in the index's order: its output file, its address, and the patient's words for it. */
export interface FeedPage {
  file: string;
  url: string;
  words: string[] | undefined;
}

/** An index being fed: the render hands it each page's text; the search stage takes its files when it holds the right pages. */
export interface IndexFeed {
  /** A page's place in the index's order: the render makes pages in that order, so that none waits long for one before it. */
  rank(file: string): number;
  /** A rendered page's indexed text ('' when search does not find it). */
  arrived(file: string, text: string): void;
  /** The index's files when it holds exactly `pages`, in that order (else undefined); the index is dropped either way. */
  filesIfHolding(pages: readonly IndexedPage[]): Promise<OutputFile[] | undefined>;
  /** Drops the index (a build that failed). */
  close(): void;
}

/** How many pages wait to be sent at once: one message each, sent together. */
const batchSize = 64;

/** An index fed with `order`'s pages as their texts arrive. */
export function indexFeed(order: readonly FeedPage[]): IndexFeed {
  const opened = openIndex();
  const waiting = new Map<string, string>();
  const sent: IndexedPage[] = [];
  let next = 0;
  let batch: IndexedPage[] = [];
  // One batch after another, in order; a failure stops the feed and is thrown when its files are asked for.
  let adding: Promise<void> = opened.then(() => undefined);
  const send = () => {
    const pages = batch;
    batch = [];
    adding = adding.then(async () => addPages(await opened, pages));
    adding.catch(() => undefined);
  };
  adding.catch(() => undefined);
  const close = () => void opened.then((index) => index.deleteIndex()).catch(() => undefined);
  const ranks = new Map(order.map((page, i) => [page.file, i]));
  return {
    rank: (file) => ranks.get(file) ?? order.length,
    arrived(file, text) {
      waiting.set(file, text);
      for (let page = order[next]; page && waiting.has(page.file); page = order[++next]) {
        const found = waiting.get(page.file)!;
        waiting.delete(page.file);
        if (!found) continue;
        const indexed = { url: page.url, html: withSynonyms(found, page.words) };
        sent.push(indexed);
        batch.push(indexed);
        if (batch.length === batchSize) send();
      }
      if (next === order.length && batch.length > 0) send();
    },
    async filesIfHolding(pages) {
      try {
        const holding = next === order.length && sent.length === pages.length && sent.every((p, i) => same(p, pages[i]!));
        if (!holding) return undefined;
        await adding;
        return await indexFiles(await opened);
      } finally {
        close();
      }
    },
    close,
  };
}

function same(a: IndexedPage, b: IndexedPage): boolean {
  return a.url === b.url && a.html === b.html;
}
