/** The placeholder text `new article` and `new treatment` write: a page that still holds any of it, or a TODO, is not published. */
import { problems, type SiteError } from '../errors.ts';
import type { Content } from '../schemas/content.ts';
import { placeholdersIn } from '../markdown/placeholders.ts';

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
