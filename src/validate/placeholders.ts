/** The placeholder text `new article` and `new treatment` write: a page that still holds any of it, or a TODO, is not published. */
import { problems, type SiteError } from '../errors.ts';
import type { Content } from '../schemas/content.ts';

/** Sentences of the `new article` scaffold's body and front matter. */
export const articlePlaceholders = [
  'TODO',
  'One or two sentences that make a reader want to open the article.',
  'Open with the question or problem your reader has',
  'Explain one idea per section.',
  'A list works well for symptoms, steps or options',
  'Close with a practical next step',
] as const;

/** Texts of the `new treatment` scaffold. */
export const treatmentPlaceholders = [
  'TODO',
  'Two to four plain sentences for patients',
  'The typical dose, stated as typical.',
  'A condition or goal it may help with',
  'Another one',
  'A short, careful answer',
] as const;

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

/**
 * Adds a located problem for each placeholder left in a YAML file that would be published:
 * treatments no page shows may still hold them. Articles are checked as they load (article.ts).
 */
export function checkPlaceholders(content: Content, shownTreatments: ReadonlySet<string>, errors: SiteError[]): void {
  const all = [...new Set([...articlePlaceholders, ...treatmentPlaceholders])];
  for (const [file, source] of content.sources) {
    if (!/\.ya?ml$/.test(file)) continue;
    const treatment = /^content\/treatments\/(.+)\.ya?ml$/.exec(file)?.[1];
    if (treatment !== undefined && !shownTreatments.has(treatment)) continue;
    const visit = (value: unknown, path: (string | number)[]) => {
      if (typeof value === 'string') {
        const found = placeholdersIn(value, all)[0];
        if (found) errors.push(problems.placeholderText(source.locate(path), found.text, treatment !== undefined ? 'treatment' : 'page'));
      } else if (Array.isArray(value)) value.forEach((item, i) => visit(item, [...path, i]));
      else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    };
    visit(source.data, []);
  }
}
