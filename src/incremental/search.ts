/**
 * The search stage, narrowed to what changed. The index is one more output, whose key is the hash
 * of what it is made from: the text of every indexed page (its `<main>`), the patient's words for
 * it, and Pagefind's version. While that key is the last build's, the index files are taken over.
 * A page's text is taken from this build's render, else (the page was taken over) from the memo's
 * record of the same file, else read back from the output. In the dev server the Pagefind index
 * stays open between builds with each page's text: an edited page is replaced in it, in place,
 * and the files are made again without adding every page anew.
 */
import type { PagefindIndex } from 'pagefind';
import type { OutputFile } from '../bundle/assets.ts';
import { hashBytes, hashOf } from '../hash.ts';
import type { Content } from '../load/types.ts';
import type { Route } from '../route/routes.ts';
import { searchTextOf, withSynonyms } from '../search/extract.ts';
import { addPages, indexFiles, indexPages, openIndex, pagefindVersion, type IndexedPage } from '../search/pagefind.ts';
import { pageKey, synonymsByPage } from '../search/synonyms.ts';
import type { Writer } from '../write/writer.ts';

/** What the last build's index was made from, and its files; in the dev server, also the open index and each page's text. */
export interface SearchMemo {
  /** The output these records describe. */
  outDir: string;
  /** The hash of each page's indexed text by output file ('' for a page search does not find). */
  pages: Map<string, string>;
  /** The index's key, and the hash of each of its files by name. */
  key: string;
  files: Map<string, string>;
  /** In memory only (the dev server's): each indexed page's text, by output file. */
  texts?: Map<string, string>;
  /** In memory only: the open index, and the hash of what it holds for each address, in the order they were added. */
  live?: { index: PagefindIndex; held: Map<string, string> };
}

/** This build's index files, and what the memo records of them once the output is committed (BuildMemo.search). */
export interface KeptIndex {
  files: OutputFile[];
  record: SearchMemo;
}

/**
 * The index of this build: taken over while its key is unchanged, else made (in the dev server, by
 * replacing the changed pages in the open index). `rendered` holds the text of each page rendered
 * in this build, by output file ('' when search does not find it).
 */
export async function keptSearchIndex(
  recorded: SearchMemo | undefined, writer: Writer, content: Content, routes: Route[], rendered: ReadonlyMap<string, string>, stayOpen: boolean,
): Promise<KeptIndex> {
  const last = recorded?.outDir === writer.id ? recorded : undefined;
  const pages = new Map<string, string>();
  const texts = new Map<string, string>();
  const readBack = (route: Route) => {
    const bytes = writer.previous(route.file);
    return bytes && searchTextOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  };
  const textOfRoute = (route: Route): string => rendered.get(route.file) ?? last?.texts?.get(route.file) ?? readBack(route) ?? '';
  for (const route of routes) {
    const known = rendered.has(route.file) ? undefined : last?.pages.get(route.file);
    if (known !== undefined) pages.set(route.file, known);
    else {
      const text = textOfRoute(route);
      pages.set(route.file, text && hashOf(text));
      if (text) texts.set(route.file, text);
    }
  }
  const indexed = routes.filter((r) => pages.get(r.file)).sort((a, b) => (pageKey(a.path) < pageKey(b.path) ? -1 : 1));
  const synonyms = synonymsByPage(content, routes.map((r) => r.path), new Set(indexed.map((r) => pageKey(r.path))));
  const wordsOf = (route: Route) => synonyms.get(pageKey(route.path));
  const key = hashOf(pagefindVersion(), ...indexed.map((r) => `${r.path} ${pages.get(r.file)} ${JSON.stringify(wordsOf(r) ?? [])}`));
  const record = (files: OutputFile[], live?: SearchMemo['live']): SearchMemo => {
    const kept: SearchMemo = { outDir: writer.id, pages, key, files: new Map(files.map((f) => [f.file, hashBytes(f.bytes)])) };
    return stayOpen ? { ...kept, texts: allTexts(), ...(live ? { live } : {}) } : kept;
  };
  const allTexts = () => new Map(indexed.map((r) => [r.file, texts.get(r.file) ?? textOfRoute(r)]));
  const taken = last?.key === key ? takenOver(writer, last.files) : undefined;
  if (taken) return { files: taken, record: record(taken, last?.live) };
  const input: IndexedPage[] = indexed.map((r) => ({ url: r.path, html: withSynonyms(texts.get(r.file) ?? textOfRoute(r), wordsOf(r)) }));
  if (!stayOpen) {
    const files = await indexPages(input);
    return { files, record: record(files) };
  }
  const live = await liveIndex(last?.live, input);
  const files = await indexFiles(live.index);
  return { files, record: record(files, live) };
}

/** The files of the last index from the output, when every one is still there as it was written (not edited by hand). */
function takenOver(writer: Writer, hashes: Map<string, string>): OutputFile[] | undefined {
  const files: OutputFile[] = [];
  for (const [file, hash] of hashes) {
    const bytes = writer.previous(file);
    if (!bytes || hashBytes(bytes) !== hash) return undefined;
    files.push({ file, bytes });
  }
  return files;
}

/**
 * The dev server's open index holding `pages`: the last one with the changed pages replaced while
 * it holds the same addresses in the same order (Pagefind numbers pages in the order they came,
 * so only then are its files those of a new index), else a new one in the same holder. The holder
 * always says what the index holds, even after a build that failed once it had changed it.
 */
async function liveIndex(last: SearchMemo['live'], pages: IndexedPage[]): Promise<NonNullable<SearchMemo['live']>> {
  const hashes = new Map(pages.map((p) => [p.url, hashOf(p.html)]));
  if (last && [...last.held.keys()].join('\n') === [...hashes.keys()].join('\n')) {
    const changed = pages.filter((p) => last.held.get(p.url) !== hashes.get(p.url));
    // Until they are in, these pages are held as nothing known: a failure leaves them to be added again.
    for (const page of changed) last.held.set(page.url, '');
    await addPages(last.index, changed);
    for (const page of changed) last.held.set(page.url, hashes.get(page.url)!);
    return last;
  }
  if (!last) {
    const index = await openIndex();
    await addPages(index, pages);
    return { index, held: hashes };
  }
  await last.index.deleteIndex().catch(() => undefined);
  last.held = new Map();
  last.index = await openIndex();
  await addPages(last.index, pages);
  last.held = hashes;
  return last;
}
