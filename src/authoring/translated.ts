/** `clinic-site translated FILE…`: records that translations are up to date with their English files as they are now. */
import { readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { problems, SiteErrors } from '../errors.ts';
import { loadContent } from '../load/content.ts';
import type { TranslationFile } from '../schemas/content.ts';
import { isTranslationFile } from '../schemas/translation.ts';
import { changedFields } from '../validate/translations.ts';

/** What marking one translation did: its file, its English file, and the fields whose English had changed. */
export interface Marked {
  file: string;
  english: string;
  changed: string[];
}

/**
 * Writes, into each translation named (or every translation with `all`), the hash of each English field
 * as it is now (`translation: from:`), keeping the file's comments and layout. Run it once the
 * translation says what the English says.
 */
export async function markTranslated(root: string, files: readonly string[], all = false): Promise<Marked[]> {
  const content = await loadContent(root);
  const translations = content.spanish?.translations ?? [];
  const byFile = new Map(translations.map((t) => [t.file, t]));
  const wanted = all
    ? translations
    : files.map((f) => {
        const file = (isAbsolute(f) ? relative(root, f) : f).split(sep).join('/');
        const found = byFile.get(file);
        if (found) return found;
        const detail = `${file} is not a translation the site has (a NAME.es.yaml or SLUG.es.md beside its English file)`;
        throw new SiteErrors([problems.usage(detail, 'name the translation file, such as content/treatments/ssri.es.yaml')]);
      });
  const marked: Marked[] = [];
  for (const translation of wanted) {
    await writeRecord(root, translation);
    marked.push({ file: translation.file, english: translation.english, changed: changedFields(translation) });
  }
  return marked;
}

/** Writes `translation.from` into the file: in a YAML file's document, or in an article's front matter. */
async function writeRecord(root: string, translation: TranslationFile): Promise<void> {
  const path = join(root, translation.file);
  const text = await readFile(path, 'utf8');
  if (translation.file.endsWith('.md')) {
    const match = /^(---\r?\n)([\s\S]*?\r?\n)(---[\s\S]*)$/.exec(text);
    if (!match) return;
    await writeFile(path, `${match[1]}${withRecord(match[2]!, translation)}${match[3]}`);
  } else await writeFile(path, withRecord(text, translation));
}

/**
 * A YAML text with `translation: from:` set to the English file's current hashes, written as text so
 * the rest of the file keeps its layout: the `from:` lines of a top-level `translation:` block are
 * replaced (its review lines kept), or the block is added at the end.
 */
export function withRecord(text: string, translation: Pick<TranslationFile, 'current'>): string {
  const from = ['  from:', ...Object.entries(translation.current).map(([field, hash]) => `    ${field}: "${hash}"`)].join('\n');
  const block = /^translation:[ \t]*(?:#.*)?\r?\n((?:[ \t]+.*\r?\n|[ \t]*\r?\n)*)/m.exec(text.endsWith('\n') ? text : `${text}\n`);
  const note = '# Not yet reviewed by a qualified medical translator: add reviewedBy and reviewedOn once one has.';
  if (!block) return `${text.replace(/\s*$/, '')}\n${note}\ntranslation:\n${from}\n`;
  const kept = block[1]!.replace(/^  from:.*\r?\n(?:    .*\r?\n|[ \t]*\r?\n)*/m, '');
  const start = block.index;
  const end = start + block[0].length;
  const source = text.endsWith('\n') ? text : `${text}\n`;
  return `${source.slice(0, start)}translation:\n${from}\n${kept}${source.slice(end)}`;
}

/**
 * After the editor saved `files`: records each translation among them as up to date with its English file (what
 * `clinic-site translated` does), since she saved it beside the English it shows. English files are left as they are.
 */
export async function recordSavedTranslations(root: string, files: readonly string[]): Promise<Marked[]> {
  const translations = files.filter(isTranslationFile);
  return translations.length === 0 ? [] : markTranslated(root, translations);
}
