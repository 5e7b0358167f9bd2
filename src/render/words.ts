/**
 * Hyphenated words kept whole: a browser may break a line after any hyphen ("GLP-" / "1", "35-" / "55", "Glow-" / "Up"),
 * which splits a drug's name, an age range or a title. Each such word of a page's text is wrapped in `<span class="nowrap">`
 * (the CSS sets `white-space: nowrap`), so the text, what search indexes and what a visitor copies stay the same characters;
 * a non-breaking hyphen (U+2011) would change them.
 */

/** Elements whose text is not laid out as the page's words, or where a span is not allowed. */
const untouched = new Set(['head', 'script', 'style', 'textarea', 'title', 'option', 'svg', 'math', 'pre', 'code']);

/** A word of letters and digits joined by hyphens: "GLP-1", "35-55", "Glow-Up", "FNP-C", "BPC-157". */
const hyphenated = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

const greaterThan = 62;
const slash = 47;
const doubleQuote = 34;
const singleQuote = 39;

/**
 * `html` with each hyphenated word of its text wrapped in `<span class="nowrap">`; tags, attributes and the head as they were.
 * One pass: a tag is `<` to the first `>` outside a quoted value (a `<` that opens none is text's neighbour, left as it is),
 * text is what lies between; only text holding a hyphen, outside the untouched elements, is looked at again.
 */
export function keepHyphenatedWordsWhole(html: string): string {
  let out = '';
  let copied = 0;
  let inside: string | undefined;
  let hyphen = -1;
  for (let at = 0; at < html.length; ) {
    const lt = html.indexOf('<', at);
    const end = lt === -1 ? html.length : lt;
    if (inside === undefined && end > at) {
      // The next hyphen, found once for all the text runs before it (html.length when none is left).
      if (hyphen < at) {
        hyphen = html.indexOf('-', at);
        if (hyphen === -1) hyphen = html.length;
      }
      if (hyphen < end) {
        out += html.slice(copied, at) + html.slice(at, end).replace(hyphenated, '<span class="nowrap">$&</span>');
        copied = end;
      }
    }
    if (lt === -1) break;
    const gt = tagEnd(html, lt);
    if (gt === -1) at = lt + 1;
    else {
      inside = insideAfter(html, lt, gt, inside);
      at = gt + 1;
    }
  }
  return copied === 0 ? html : out + html.slice(copied);
}

/** Where the tag opened at `lt` ends: its first `>` outside a quoted value; -1 when a quote or the tag is never closed. */
function tagEnd(html: string, lt: number): number {
  for (let i = lt + 1; i < html.length; i++) {
    const code = html.charCodeAt(i);
    if (code === greaterThan) return i;
    if (code === doubleQuote || code === singleQuote) {
      i = html.indexOf(code === doubleQuote ? '"' : "'", i + 1);
      if (i === -1) return -1;
    }
  }
  return -1;
}

/** The untouched element the text after the tag html[lt..gt] is in: entered by its opening tag, left by its own closing tag. */
function insideAfter(html: string, lt: number, gt: number, inside: string | undefined): string | undefined {
  const closing = html.charCodeAt(lt + 1) === slash;
  const start = closing ? lt + 2 : lt + 1;
  if (!isAsciiLetter(html.charCodeAt(start))) return inside;
  let end = start + 1;
  while (end < gt && isNameCharacter(html.charCodeAt(end))) end++;
  // The untouched names are 3 to 8 letters long.
  if (end - start < 3 || end - start > 8) return inside;
  const name = html.slice(start, end).toLowerCase();
  if (!untouched.has(name)) return inside;
  if (closing) return inside === name ? undefined : inside;
  return inside === undefined && html.charCodeAt(gt - 1) !== slash ? name : inside;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** A character of a tag name as the tokenizer reads one: a letter, a digit, `_` or `-`. */
function isNameCharacter(code: number): boolean {
  return isAsciiLetter(code) || (code >= 48 && code <= 57) || code === 95 || code === 45;
}
