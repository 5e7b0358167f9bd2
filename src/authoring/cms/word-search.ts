/**
 * The editor's search and pick lists match words, not scattered letters: Decap's matcher (the `fuzzy` package, replaced
 * by this module when the editor's script is bundled) took the first "m", then the next "o", and so on through a long
 * text, so a typo inside an answer scored below titles that merely held those letters in order, and every entry matched.
 * An entry matches when it holds every word typed, anywhere; the typed phrase itself, and nearer the start, ranks higher.
 */

/** A match as `fuzzy` reports it: the text, and how well it matched (Decap's search keeps scores above 5). */
export interface WordMatch {
  rendered: string;
  score: number;
}

/** How Decap calls the filter: the text of each item comes from `extract`. */
interface FilterOptions<T> {
  extract?: (item: T) => string;
}

/** A match of `filter`, as `fuzzy` returns it. */
export interface FilteredItem<T> {
  string: string;
  score: number;
  index: number;
  original: T;
}

/** Whether `text` holds every word of `pattern` (any case), and how well; null when a word is missing. */
export function match(pattern: string, text: string): WordMatch | null {
  const typed = pattern.trim().toLowerCase();
  const lower = String(text ?? '').toLowerCase();
  const words = typed.split(/\s+/).filter(Boolean);
  if (!words.every((word) => lower.includes(word))) return null;
  if (typed === '' || lower === typed) return { rendered: text, score: typed === '' ? 10 : Infinity };
  const phrase = lower.indexOf(typed);
  const first = Math.min(...words.map((word) => lower.indexOf(word)));
  // The phrase as typed counts most, then how early the words come (a title before an answer).
  return { rendered: text, score: 100 + (phrase === -1 ? 0 : 1000) + 100 / (1 + first / 50) };
}

/** Whether `text` holds every word of `pattern`. */
export function test(pattern: string, text: string): boolean {
  return match(pattern, text) !== null;
}

/** The texts that hold every word of `pattern`. */
export function simpleFilter(pattern: string, texts: string[]): string[] {
  return texts.filter((text) => test(pattern, text));
}

/** The items whose text holds every word of `pattern`, best first (in their order where equal). */
export function filter<T>(pattern: string, items: T[], options: FilterOptions<T> = {}): FilteredItem<T>[] {
  const found: FilteredItem<T>[] = [];
  items.forEach((original, index) => {
    const text = options.extract ? options.extract(original) : String(original);
    const matched = match(pattern, text);
    if (matched) found.push({ string: matched.rendered, score: matched.score, index, original });
  });
  return found.sort((a, b) => b.score - a.score || a.index - b.index);
}

export default { match, test, simpleFilter, filter };
