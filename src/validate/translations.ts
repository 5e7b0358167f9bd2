/**
 * Translations that cannot go stale silently: each records the hash of every English field it was made
 * from; a field whose English has changed since is named, with both files. Like medical pages,
 * translations record their review (by a qualified medical translator); one never reviewed is listed.
 */
import { problems, type SiteError } from '../errors.ts';
import { translationOf } from '../schemas/translation.ts';
import type { Content, TranslationFile } from '../schemas/content.ts';
import { languagePath } from '../route/categories.ts';
import { composedPages } from '../route/pages.ts';

/** The English fields that changed since the translation was made from them (or that it never recorded). */
export function changedFields(translation: Pick<TranslationFile, 'record' | 'current'>): string[] {
  return Object.keys(translation.current).filter((field) => translation.record.from[field] !== translation.current[field]);
}

/**
 * What is wrong with the translations: each one older than its English file, each never reviewed; `build` warns, `check --strict` fails.
 */
export function translationProblems(content: Content): SiteError[] {
  const found: SiteError[] = [];
  for (const translation of content.spanish?.translations ?? []) {
    const changed = changedFields(translation);
    const record = translation.source.locate(['translation', 'from']);
    const inEnglish = translation.inEnglish ?? [];
    const shown = `${inEnglish.join(', ')} ${inEnglish.length === 1 ? 'is' : 'are'} shown in English`;
    const meanwhile = translation.setAside
      ? ' (it no longer matches it, so its own Spanish page is left out, and other Spanish pages show it in English, until then)'
      : inEnglish.length > 0
        ? ` (it no longer matches it, so ${shown} until then)`
        : '';
    if (changed.length > 0) found.push(problems.translationStale(record, translation.english, changed, meanwhile));
    if (!translation.record.reviewedBy) found.push(problems.translationNotReviewed(translation.source.locate(['translation'])));
  }
  return [...found, ...partsInEnglish(content)];
}

/** Each English file that a Spanish page shows in English because it has no translation (the page is published all the same). */
function partsInEnglish(content: Content): SiteError[] {
  const language = content.spanish;
  if (!language) return [];
  const shownOn = new Map<string, string[]>();
  for (const { path, sources } of composedPages(content)) {
    const [own, ...parts] = sources;
    if (!own || !language.translated.has(own)) continue;
    for (const part of parts.filter((p) => !language.translated.has(p))) {
      shownOn.set(part, [...(shownOn.get(part) ?? []), languagePath(path, language.lang)]);
    }
  }
  return [...shownOn].map(([file, pages]) => problems.translationPartInEnglish({ file, line: 1, column: 1 }, translationOf(file), pages));
}

/** The build's warnings about translations: one per kind of problem, naming every file (a stale one with its English file and fields). */
export function translationWarnings(found: readonly SiteError[]): string[] {
  const stale = found.filter((e) => e.code === 'translation-stale');
  const inEnglish = found.filter((e) => e.code === 'translation-part-in-english');
  const unreviewed = found.filter((e) => e.code === 'translation-not-reviewed').map((e) => e.loc!.file);
  const warnings: string[] = [];
  // One line each, naming both files and the fields: serve prints every warning on one line.
  for (const e of stale) {
    warnings.push(`${e.message} (update it, then run "npx clinic-site translated ${e.loc!.file}"; check --strict fails on this)`);
  }
  for (const e of inEnglish) warnings.push(`${e.message} (${e.hint}; check --strict fails on this)`);
  if (unreviewed.length > 0) {
    const lines = unreviewed.map((f) => `\n    ${f}`).join('');
    const counted = `${unreviewed.length} translation${unreviewed.length === 1 ? ' has' : 's have'}`;
    const what = `${counted} not been reviewed by a qualified medical translator`;
    warnings.push(`${what} (check --strict fails on this):${lines}`);
  }
  return warnings;
}
