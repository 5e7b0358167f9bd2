/** Where a text still holds placeholder text (the scaffolds' sentences, or TODO): read by the markdown checks and validate. */

/** Placeholders that are ordinary words inside a sentence: only a value that is exactly this is one. */
const wholeValueOnly = new Set<string>(['Another one']);

/** The placeholders a text holds, in order: TODO as a word, or a scaffold sentence. */
export function placeholdersIn(text: string, placeholders: readonly string[]): { text: string; index: number }[] {
  const found: { text: string; index: number }[] = [];
  for (const placeholder of placeholders) {
    let index = -1;
    if (placeholder === 'TODO') index = text.search(/\bTODO\b/);
    else if (wholeValueOnly.has(placeholder)) index = text.trim() === placeholder ? 0 : -1;
    else index = text.indexOf(placeholder);
    if (index >= 0) found.push({ text: placeholder, index });
  }
  return found.sort((a, b) => a.index - b.index);
}
