/**
 * The search stage, narrowed to what changed. The index is one more output, whose key is the hash of what it is made
 * from: the text of every indexed page (its `<main>`), the patient's words for it, and Pagefind's version. While that
 * key is the last build's, the index files are taken over. A page's text is taken from this build's render, else read
 * back from the output. The dev server (memo and output in memory) only records what its index is made from: the index
 * is brought up to date when a page asks for it, from the pages then served, in a Pagefind index kept open, where only
 * the pages that changed are replaced.
 */
import type { PagefindIndex } from 'pagefind';
import type { OutputFile } from '../bundle/assets.ts';
import { hashBytes, hashOf } from '../hash.ts';
import type { Content } from '../schemas/content.ts';
import type { Route } from '../route/routes.ts';
import { searchTextOf, withSynonyms } from '../search/extract.ts';
import { addPages, indexFiles, indexPages, openIndex, pagefindVersion } from '../search/pagefind.ts';
import { pageKey, synonymsByPage } from '../search/synonyms.ts';
import type { Output, Writer } from '../write/writer.ts';

/** What the last build's index was made from, and its files; in the dev server, each page's entry and the open index. */
export interface SearchMemo {
  /** The output these records describe. */
  outDir: string;
  /** The hash of each page's indexed text by output file ('' for a page search does not find). */
  pages: Map<string, string>;
  /** The index's key ('' in the dev server: see lazy), and the hash of each of its files by name (none in the dev server). */
  key: string;
  files?: Map<string, string>;
  /**
   * In memory only (the dev server's): each indexed page's entry by output file, in the index's order, and the index's key,
   * worked out when the index is first asked for (a save does not sort thousands of pages); the open index; the output the
   * pages' text is read from (the last committed build's).
   */
  lazy?: { index: () => { entries: Map<string, IndexEntry>; key: string }; live: LiveIndex; read: Output['read'] };
}

/** A page as the index holds it: its address and the patient's words for it, and `id`, which changes with either or its text. */
interface IndexEntry {
  url: string;
  words: string[] | undefined;
  id: string;
}

/** The dev server's open index: the entry id it holds for each address (in the order they were added), and the files made for a key. */
interface LiveIndex {
  index: PagefindIndex | undefined;
  held: Map<string, string>;
  made?: { key: string; files: Promise<ReadonlyMap<string, Uint8Array>> };
}

/**
 * This build's index files, taken over while its key is unchanged, else made (none when `lazy`: the dev server's, see
 * servedIndex), and what the memo records once the output is committed. `rendered` holds the text of each page rendered
 * in this build, by output file ('' when search does not find it).
 */
export async function keptSearchIndex(
  recorded: SearchMemo | undefined,
  writer: Writer,
  content: Content,
  routes: Route[],
  rendered: Pick<ReadonlyMap<string, string>, 'get' | 'has'>,
  lazy: boolean,
): Promise<{ files: OutputFile[]; record: SearchMemo }> {
  const last = recorded?.outDir === writer.output.id ? recorded : undefined;
  const pages = new Map<string, string>();
  const texts = new Map<string, string>();
  const textOf = (file: string) => texts.get(file) ?? rendered.get(file) ?? readBack(writer.output.read(file)) ?? '';
  for (const route of routes) {
    const known = rendered.has(route.file) ? undefined : last?.pages.get(route.file);
    if (known !== undefined) pages.set(route.file, known);
    else {
      const text = textOf(route.file);
      pages.set(route.file, text && hashOf(text));
      if (text) texts.set(route.file, text);
    }
  }
  const indexed = routes.filter((r) => pages.get(r.file));
  // Checked on every build (a word for a page search does not find is an error); the rest waits in the dev server.
  const synonyms = synonymsByPage(content, routes.map((r) => r.path), new Set(indexed.map((r) => pageKey(r.path))));
  const index = () => indexOf(indexed, pages, synonyms);
  if (lazy) {
    const live = last?.lazy?.live ?? { index: undefined, held: new Map() };
    let made: { entries: Map<string, IndexEntry>; key: string } | undefined;
    const record = { outDir: writer.output.id, pages, key: '', lazy: { index: () => (made ??= index()), live, read: writer.output.read } };
    return { files: [], record };
  }
  const { entries, key } = index();
  const taken = last?.files && last.key === key ? takenOver(writer, last.files) : undefined;
  const files = taken ?? (await indexPages([...entries].map(([file, e]) => ({ url: e.url, html: withSynonyms(textOf(file), e.words) }))));
  return { files, record: { outDir: writer.output.id, pages, key, files: new Map(files.map((f) => [f.file, hashBytes(f.bytes)])) } };
}

/** The index's entries, by address (each page's key made once: thousands are sorted), and its key. */
function indexOf(
  indexed: Route[], pages: Map<string, string>, synonyms: Map<string, string[]>,
): { entries: Map<string, IndexEntry>; key: string } {
  const keyed = indexed.map((r) => ({ r, key: pageKey(r.path) })).sort((a, b) => (a.key < b.key ? -1 : 1));
  const entries = new Map(
    keyed.map(({ r, key }): [string, IndexEntry] => {
      const words = synonyms.get(key);
      return [r.file, { url: r.path, words, id: `${r.path} ${pages.get(r.file)} ${JSON.stringify(words ?? [])}` }];
    }),
  );
  return { entries, key: hashOf(pagefindVersion(), ...[...entries.values()].map((e) => e.id)) };
}

/** A page's indexed text from its bytes in an output; none when it is not there or search does not find it. */
function readBack(bytes: Uint8Array | undefined): string | undefined {
  return bytes && searchTextOf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}

/** The files of the last index from the output, when every one is still there as it was written (not edited by hand). */
function takenOver(writer: Writer, hashes: Map<string, string>): OutputFile[] | undefined {
  const files: OutputFile[] = [];
  for (const [file, hash] of hashes) {
    const bytes = writer.output.read(file);
    if (!bytes || hashBytes(bytes) !== hash) return undefined;
    files.push({ file, bytes });
  }
  return files;
}

/** The dev server's index files by path, brought up to date on the first call after a build changed it (calls meanwhile share it). */
export function servedIndex(record: SearchMemo): Promise<ReadonlyMap<string, Uint8Array>> {
  const { index, live, read } = record.lazy!;
  const { entries, key } = index();
  if (live.made?.key === key) return live.made.files;
  const before = live.made?.files.catch(() => undefined);
  const files = (async () => {
    // One update of the open index at a time.
    await before;
    await update(live, entries, read);
    return new Map((await indexFiles(live.index!)).map((f) => [f.file, f.bytes]));
  })();
  const made = { key, files };
  live.made = made;
  // A failed update is tried again on the next call.
  files.catch(() => (live.made === made ? (live.made = undefined) : undefined));
  return files;
}

/**
 * Brings the open index to hold `entries`: the changed ones replaced in place while it holds the same addresses in the same
 * order (Pagefind numbers pages in the order they came, so only then are its files those of a new index), else all of them
 * in a new index. `held` always says what the index holds, even after an update that failed halfway.
 */
async function update(live: LiveIndex, entries: Map<string, IndexEntry>, read: Output['read']): Promise<void> {
  const urls = [...entries.values()].map((e) => e.url);
  if (!live.index || [...live.held.keys()].join('\n') !== urls.join('\n')) {
    await live.index?.deleteIndex().catch(() => undefined);
    live.index = undefined;
    live.held = new Map(urls.map((url) => [url, '']));
    live.index = await openIndex();
  }
  const changed = [...entries].filter(([, e]) => live.held.get(e.url) !== e.id);
  // Until they are in, these pages are held as nothing known: a failure leaves them to be added again.
  for (const [, entry] of changed) live.held.set(entry.url, '');
  await addPages(
    live.index,
    changed.map(([file, e]) => ({ url: e.url, html: withSynonyms(readBack(read(file)) ?? '', e.words) })),
  );
  for (const [, entry] of changed) live.held.set(entry.url, entry.id);
}
