/**
 * The search dialog's script, fetched when the dialog first opens: loads Pagefind (its index for the
 * page's language), searches as the visitor types, lists each result with its kind and an excerpt
 * with the words found marked, and announces the count. Pagefind has no typo tolerance: for a word
 * it does not hold, shorter starts of it are tried ("menopuase" finds "menop…").
 */

/** What Pagefind's module offers (pagefind.js, written by the build beside the index). */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  search(query: string, options: SearchOptions): Promise<Found>;
  debouncedSearch(query: string, options: SearchOptions, ms: number): Promise<Found | null>;
}
interface SearchOptions {
  filters: Record<string, string>;
}
interface Found {
  results: { data(): Promise<Result> }[];
}
interface Result {
  url: string;
  excerpt: string;
  /** The page's indexed text, and the positions of the words found in it (counted in words). */
  content: string;
  locations: number[];
  /** words: the patient's own words the build added at the end of the text (content/search.yaml), not on the page. */
  meta: { title?: string; kind?: string; words?: string; description?: string };
}
interface Messages {
  loading: string;
  results: string;
  oneResult: string;
  noResults: string;
  closeMatches: string;
  offline: string;
  kinds: Record<string, string>;
  /** The clinic's phone number, shown and as a tel: address, for {phone} in a message. */
  phone: { text: string; href: string };
}

/** Where the build writes Pagefind's script; in a variable, so that the bundler leaves the import to the browser. */
const pagefindUrl = '/pagefind/pagefind.js';
/** How many words an excerpt shows. */
const excerptLength = 24;
/** How Pagefind splits a page's text into the words its positions count. */
const separators = /[^\S\uFEFF]+/;
/** How many results are listed. */
const shownResults = 10;
/**
 * Pagefind's ranking (its defaults but termFrequency, 1.0): a page that names a thing often, such as a treatment's own page, weighs
 * less against the page that answers the patient (the thyroid service above the thyroid medicine); test/search/quality.test.ts holds
 * the queries this was tuned on.
 */
const ranking = { termFrequency: 0.6 };
/** The shortest start of a word tried when the word itself finds nothing. */
const shortestStart = 4;

const dialog = document.getElementById('search') as HTMLDialogElement;
const form = dialog.querySelector<HTMLElement>('.search-form')!;
const input = form.querySelector<HTMLInputElement>('input[type="search"]')!;
const status = dialog.querySelector<HTMLElement>('[role="status"]')!;
const list = dialog.querySelector<HTMLOListElement>('.search-results')!;
const messages = JSON.parse(dialog.dataset.messages ?? '{}') as Messages;
let pagefind: Promise<Pagefind> | undefined;
let turn = 0;

/** A message with its {placeholders} filled in. */
function fill(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/** A message with its {placeholders} filled in, as nodes: {phone} as a link that calls the clinic (not a {phone} typed in a query). */
function filledWithPhone(message: string, values: Record<string, string | number>): Node[] {
  return message.split('{phone}').flatMap((template, i) => {
    const part = fill(template, values);
    const link = Object.assign(document.createElement('a'), { href: messages.phone.href, textContent: messages.phone.text });
    return i === 0 ? [document.createTextNode(part)] : [link, document.createTextNode(part)];
  });
}

/** Pagefind, loaded and started once; on the main thread (no worker to fetch: the index is small). */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (import(pagefindUrl) as Promise<Pagefind>).then(async (module) => {
    await module.options({ excerptLength, noWorker: true, ranking });
    await module.init();
    return module;
  });
  pagefind.catch(() => (pagefind = undefined));
  return pagefind;
}

/** The filter by kind chosen in the dialog ('' for every kind). */
function chosenKind(): string {
  return form.querySelector<HTMLInputElement>('input[name="kind"]:checked')?.value ?? '';
}

/** A word as the index holds it, for comparing: lower case, letters and digits only ("Men's" is "mens"). */
function plain(word: string): string {
  return word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The words of a result that the search matched, plain: those at its locations in its indexed text (the excerpt may show only some). */
function matched(result: Result): string[] {
  const words = result.content.split(separators);
  return result.locations.map((at) => plain(words[at] ?? ''));
}

/**
 * Whether the first result really holds `word` (or a form of it: the same first five letters).
 * For a word it does not hold, Pagefind falls back to a shorter word the query starts with
 * ("menopuase" finds "men", "insurance" finds "insulin"), which is no match.
 */
function holds(first: Result | undefined, word: string): boolean {
  if (!first) return false;
  const need = word.slice(0, Math.min(word.length, 5));
  return matched(first).some((m) => m.startsWith(need));
}

/** What a search found, with its first result's data (to check what it matched, and to show). */
interface Answer {
  found: Found;
  first: Result | undefined;
  /** The start of a word searched instead of the word typed (a typo). */
  start?: string;
}

/**
 * A result's data as this search found it. Pagefind hands every search the same object for a page and sets its words found
 * and excerpt anew on each call, so a later search (the phrase, a typo's start) changed what an earlier one had found.
 */
async function dataOf(result: { data(): Promise<Result> } | undefined): Promise<Result | undefined> {
  const data = await result?.data();
  return data && { ...data, locations: [...data.locations] };
}

/** What `query` finds, with its first result's data. */
async function answer(module: Pagefind, query: string, options: SearchOptions): Promise<Answer> {
  const found = await module.search(query, options);
  return { found, first: await dataOf(found.results[0]) };
}

/** The shortest start of `word` tried for a typo: four letters, and more than half of the word ("insurance" is not "insu…"). */
function shortestStartOf(word: string): number {
  return Math.max(shortestStart, Math.floor(word.length / 2) + 1);
}

/** An answer that lists nothing. */
const nothing: Answer = { found: { results: [] }, first: undefined };

/**
 * The best answer for `query`: a phrase of the patient's words with a short word first ("low t" as "lowt", as the
 * index holds it), then the words as typed, then, when the longest word is not found (a typo),
 * the same words with it cut shorter one letter at a time down to a bit more than half of it;
 * nothing when no page holds it even so (no page of a word that only starts the same).
 */
async function bestAnswer(module: Pagefind, query: string, options: SearchOptions, typed: Answer): Promise<Answer> {
  const words = query.split(/\s+/).map(plain).filter(Boolean);
  // The build adds a phrase as one word only when it has a word of one or two letters (see withSynonyms).
  if (words.length > 1 && words.some((w) => w.length <= 2)) {
    const phrase = await answer(module, words.join(''), options);
    if (phrase.first && matched(phrase.first).includes(words.join(''))) return phrase;
  }
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (typed.found.results.length > 0 && (longest.length <= shortestStart || holds(typed.first, longest))) return typed;
  for (let length = longest.length - 1; length >= shortestStartOf(longest); length--) {
    const start = longest.slice(0, length);
    const cut = await answer(module, words.map((w) => (w === longest ? start : w)).join(' '), options);
    if (cut.found.results.length > 0 && holds(cut.first, start)) return { ...cut, start };
  }
  return nothing;
}

/** One result: its kind, its title as the link, and the excerpt with the words found marked (Pagefind escapes the page text). */
function resultItem(result: Result): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'search-result';
  const link = document.createElement('a');
  link.href = result.url;
  const kind = document.createElement('span');
  kind.className = 'search-kind';
  kind.textContent = messages.kinds[result.meta.kind ?? ''] ?? '';
  const title = document.createElement('span');
  title.className = 'search-title';
  title.textContent = result.meta.title ?? result.url;
  link.append(kind, title);
  const excerpt = document.createElement('p');
  excerpt.className = 'search-excerpt';
  const own = ownExcerpt(result);
  if (own) excerpt.append(...own);
  else excerpt.innerHTML = result.excerpt;
  item.append(link, excerpt);
  return item;
}

/**
 * The excerpt of a page that has words of its own for search (content/search.yaml), taken from the page's text alone: those
 * words are at the end of the text and not on the page, so an excerpt of them would show what the visitor never sees. When only
 * they matched, the page's description stands in. Undefined for the other pages, whose excerpt Pagefind makes.
 */
function ownExcerpt(result: Result): Node[] | undefined {
  const added = result.meta.words;
  if (!added) return undefined;
  const words = result.content.split(separators);
  const end = words.length - added.trim().split(separators).length;
  const found = new Set(result.locations.filter((at) => at < end));
  if (found.size === 0) return [document.createTextNode(result.meta.description ?? words.slice(0, Math.min(end, excerptLength)).join(' '))];
  // The stretch of text with the most words found, a few words before the first of them.
  const positions = [...found].sort((a, b) => a - b);
  const hits = positions.map((at) => positions.filter((other) => other >= at && other < at + excerptLength).length);
  const first = positions[hits.indexOf(Math.max(...hits))]!;
  const start = Math.max(0, Math.min(first - 4, end - excerptLength));
  const stop = Math.min(start + excerptLength, end);
  const nodes: Node[] = [document.createTextNode(start > 0 ? '… ' : '')];
  for (let at = start; at < stop; at++) {
    const word = words[at]!;
    if (found.has(at)) nodes.push(Object.assign(document.createElement('mark'), { textContent: word }));
    else nodes.push(document.createTextNode(word));
    nodes.push(document.createTextNode(at + 1 < stop ? ' ' : stop < end ? ' …' : ''));
  }
  return nodes;
}

/** Searches for what the field holds, and shows and announces the results unless a later search started meanwhile. */
async function search(debounce: boolean): Promise<void> {
  const mine = ++turn;
  const query = input.value.trim();
  if (!query) {
    list.replaceChildren();
    status.textContent = '';
    return;
  }
  try {
    if (!pagefind) status.textContent = messages.loading;
    const module = await loadPagefind();
    const kind = chosenKind();
    const options: SearchOptions = { filters: kind ? { kind } : {} };
    const found = debounce ? await module.debouncedSearch(query, options, 150) : await module.search(query, options);
    if (!found || mine !== turn) return;
    const best = await bestAnswer(module, query, options, { found, first: await dataOf(found.results[0]) });
    const rest = await Promise.all(best.found.results.slice(1, shownResults).map((r) => r.data()));
    if (mine !== turn) return;
    list.replaceChildren(...[best.first, ...rest].filter((r) => r !== undefined).map(resultItem));
    const count = best.found.results.length;
    const counted = count === 0 ? messages.noResults : count === 1 ? messages.oneResult : messages.results;
    const typo = best.start ? `${fill(messages.closeMatches, { word: best.start })} ` : '';
    status.replaceChildren(document.createTextNode(typo), ...filledWithPhone(counted, { count, query }));
  } catch {
    if (mine === turn) status.textContent = messages.offline;
  }
}

input.addEventListener('input', () => void search(true));
form.addEventListener('change', (event) => {
  if (event.target instanceof HTMLInputElement && event.target.name === 'kind') void search(false);
});
// In the field, Enter opens the first result (without one it searches at once), and Down goes to it.
input.addEventListener('keydown', (event) => {
  if (event.key !== 'Enter' && event.key !== 'ArrowDown') return;
  event.preventDefault();
  const first = list.querySelector('a');
  if (!first) void search(false);
  else if (event.key === 'Enter') first.click();
  else first.focus();
});
void loadPagefind().catch(() => undefined);
if (input.value.trim()) void search(false);
