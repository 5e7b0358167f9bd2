/**
 * Hyphenated words kept whole: a browser may break a line after any hyphen ("GLP-" / "1", "35-" / "55", "Glow-" / "Up"),
 * which splits a drug's name, an age range or a title. Each such word of a page's text is wrapped in `<span class="nowrap">`
 * (the CSS sets `white-space: nowrap`), so the text, what search indexes and what a visitor copies stay the same characters;
 * a non-breaking hyphen (U+2011) would change them.
 */

/** Elements whose text is not laid out as the page's words, or where a span is not allowed. */
const untouched = new Set(['head', 'script', 'style', 'textarea', 'title', 'option', 'svg', 'math', 'pre', 'code']);

/** A tag (quoted attribute values may hold ">"), or a run of text. */
const tagOrText = /(<(?:[^>"']|"[^"]*"|'[^']*')*>)|([^<]+)/g;

/** A word of letters and digits joined by hyphens: "GLP-1", "35-55", "Glow-Up", "FNP-C", "BPC-157". */
const hyphenated = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;

/** `html` with each hyphenated word of its text wrapped in `<span class="nowrap">`; tags, attributes and the head as they were. */
export function keepHyphenatedWordsWhole(html: string): string {
  let inside: string | undefined;
  return html.replace(tagOrText, (_, tag: string | undefined, text: string | undefined) => {
    if (tag !== undefined) {
      const name = /^<(\/?)([a-zA-Z][\w-]*)/.exec(tag);
      if (name && untouched.has(name[2]!.toLowerCase())) {
        if (name[1]) {
          if (inside === name[2]!.toLowerCase()) inside = undefined;
        } else if (inside === undefined && !tag.endsWith('/>')) inside = name[2]!.toLowerCase();
      }
      return tag;
    }
    return inside === undefined ? text!.replace(hyphenated, '<span class="nowrap">$&</span>') : text!;
  });
}
