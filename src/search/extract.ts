/** What search indexes of a rendered page: its `<main>`, when the template marked it with data-pagefind-body. */

/** The mark a template puts on `<main>` to have the page indexed. */
const bodyMark = 'data-pagefind-body';

/**
 * The part of a page's HTML that the index is made from: a document of the page's language holding
 * only its `<main>` (so that a change to the header or footer leaves the index as it is); undefined
 * for a page search does not find.
 */
export function searchTextOf(html: string): string | undefined {
  const open = html.indexOf('<main ');
  if (open < 0) return undefined;
  const tagEnd = html.indexOf('>', open);
  if (!html.slice(open, tagEnd).includes(bodyMark)) return undefined;
  const close = html.indexOf('</main>', tagEnd);
  if (close < 0) return undefined;
  // Pagefind makes one index per language, from <html lang>.
  const head = html.slice(0, open);
  const lang = /<html[^>]*\slang="([^"]*)"/.exec(head)?.[1] ?? 'en';
  // The page's description, which a result shows when only the patient's own words for the page matched (see withSynonyms).
  const description = /<meta name="description" content="([^"]*)"/.exec(head)?.[1];
  const meta = description === undefined ? '' : `<meta data-pagefind-meta="description[content]" content="${description}"/>`;
  return detached(`<html lang="${lang}"><head>${meta}</head><body>${html.slice(open, close + '</main>'.length)}</body></html>`);
}

/**
 * A copy of `text` that holds nothing of the page it was cut from. V8 keeps a whole string alive for any slice of it, and
 * these texts are kept until the index is made (every page's, in the dev server's memo): the slices kept every page's whole
 * HTML, 74 KB where the text is 12 KB (a cold build at N = 1,000 held 77 MB of pages after rendering).
 */
function detached(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/**
 * A page's indexed text with the patient's own words for it added inside `<main>`, weighted above
 * a heading. A phrase with a word of one or two letters is added as one word too ("low T" as
 * "lowt"): Pagefind weighs such a word for almost nothing, and the search script looks a phrase
 * up that way first. The words come last and are also the result's `words` metadata, so that the
 * search script shows no excerpt of them: they are not on the page.
 */
export function withSynonyms(text: string, words: readonly string[] | undefined): string {
  if (!words || words.length === 0) return text;
  const phrases = words
    .filter((w) =>
      w
        .trim()
        .split(/\s+/)
        .some((part, _, all) => all.length > 1 && part.length <= 2),
    )
    .map(phraseWord);
  const end = text.lastIndexOf('</main>');
  const added = `<p data-pagefind-weight="10" data-pagefind-meta="words">${escapeHtml([...words, ...phrases].join(', '))}.</p>`;
  return `${text.slice(0, end)}${added}${text.slice(end)}`;
}

/** A phrase as one word, as the search script makes it of what the visitor typed: lower case, letters and digits only. */
export function phraseWord(phrase: string): string {
  return phrase.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
