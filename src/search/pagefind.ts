/**
 * The search stage: pages' indexed text through Pagefind's Node API into the files of its index,
 * under pagefind/ in the output (one index per language, from each page's <html lang>). Only the
 * files the site's own search script uses are kept: not Pagefind's ready-made interfaces.
 */
import type { PagefindIndex } from 'pagefind';
import type { OutputFile } from '../bundle/assets.ts';
import { packageVersion } from '../entries.ts';
import { problems } from '../errors.ts';

/** One page for the index: its address and the document the index is made from (see searchTextOf). */
export interface IndexedPage {
  url: string;
  html: string;
}

/** The folder of the output that holds the index. */
export const indexFolder = 'pagefind';

/** Pagefind's own files that the site's search does not load: its ready-made interfaces, its web worker, its highlighter. */
const unused = /^pagefind-(ui|modular-ui|component-ui|highlight|worker)\.|^playground\//;

/** Pagefind's version, for the keys of what it makes: read once a process (the program it runs is the one it started with). */
export function pagefindVersion(): string {
  return (version ??= packageVersion('pagefind'));
}
let version: string | undefined;

/** A new, empty index (Pagefind's program starts on first use and serves every index of the process). */
export async function openIndex(): Promise<PagefindIndex> {
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({}).catch(failed);
  if (!index || errors.length > 0) throw failed(errors.join('; '));
  return index;
}

/**
 * How many pages are on their way to Pagefind at once: a page is sent as soon as one before it is in, so its program never
 * waits for the next messages to be encoded; all of them at once held every page's message in memory twice over.
 */
const inFlight = 64;

/** Adds pages to the index, in order; a page whose address it already holds is replaced, in the same place. */
export async function addPages(index: PagefindIndex, pages: readonly IndexedPage[]): Promise<void> {
  let next = 0;
  // Each lane sends its next page when its last one is in: the messages leave in order, and Pagefind takes them in order.
  const lane = async () => {
    while (next < pages.length) {
      const page = pages[next++]!;
      const added = await index.addHTMLFile({ url: page.url, content: page.html }).catch((error: unknown) => {
        next = pages.length;
        return failed(error);
      });
      if (added.errors.length > 0) {
        next = pages.length;
        throw failed(added.errors.join('; '));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, pages.length) }, lane));
}

/** The files of the index as it now holds its pages, as output files under pagefind/, in name order. */
export async function indexFiles(index: PagefindIndex): Promise<OutputFile[]> {
  const { files, errors } = await index.getFiles().catch(failed);
  if (errors.length > 0) throw failed(errors.join('; '));
  return files
    .filter((f) => !unused.test(f.path))
    .map((f) => ({ file: `${indexFolder}/${f.path}`, bytes: f.content }))
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The index of `pages`, made afresh and dropped once its files are out. */
export async function indexPages(pages: readonly IndexedPage[]): Promise<OutputFile[]> {
  const index = await openIndex();
  try {
    await addPages(index, pages);
    return await indexFiles(index);
  } finally {
    await index.deleteIndex().catch(() => undefined);
  }
}

/** Pagefind could not do its part, as the build's error (its program missing for this platform, most likely). */
function failed(reason: unknown): never {
  throw problems.searchIndexError(reason instanceof Error ? reason.message : String(reason));
}
