/**
 * What the editor's script knows of the Spanish entries (admin/spanish.json, written by `build --editor` and served by `serve`):
 * for each, its English entry, the hash of each English field as it is now (what saving it records, as `clinic-site translated`
 * does), and the English text, so that a save of the English entry can tell her which Spanish entry to update.
 */
import type { Content } from '../../schemas/content.ts';
import type { CmsConfig } from '../cms-config.ts';
import { pruned } from './file-format.ts';

/** One Spanish entry of the editor and the English entry it translates. */
export interface SpanishVersion {
  /** The Spanish entry: its collection (es-treatments), its name (es-glp1), its title in the list, its file. */
  collection: string;
  entry: string;
  label: string;
  file: string;
  /** The English entry it translates: its collection, its name (a folder's: the file name without extension), its file. */
  english: { collection: string; entry: string; file: string };
  /** The hash of each English field it translates, as the English file is now: what saving the Spanish entry records. */
  from: Record<string, string>;
  /** Each of those English fields' value in comparable form (comparableText), and its label in the form. */
  text: Record<string, string>;
  labels: Record<string, string>;
}

/** The name of the editor's file of Spanish entries, beside config.json. */
export const spanishVersionsFile = 'spanish.json';

/** A field's value as a form and a file hold it alike: empty values left out, texts without their outer spaces. */
export function comparableText(value: unknown): string {
  const trimmed = (v: unknown): unknown =>
    typeof v === 'string' ? v.trim() : Array.isArray(v) ? v.map(trimmed) : v !== null && typeof v === 'object'
      ? Object.fromEntries(Object.entries(v).map(([k, item]) => [k, trimmed(item)]))
      : v;
  return JSON.stringify(pruned(trimmed(value)) ?? null);
}

/** The Spanish entries of `config` (made by withSpanishOf from `content`), each with what the editor's script needs. */
export function spanishVersions(content: Content, config: CmsConfig): SpanishVersion[] {
  const translations = new Map((content.spanish?.translations ?? []).map((t) => [t.file, t]));
  const versions: SpanishVersion[] = [];
  for (const collection of config.collections.filter((c) => c.name.startsWith('es-'))) {
    const english = config.collections.find((c) => c.name === collection.name.slice('es-'.length));
    for (const file of collection.files ?? []) {
      const translation = translations.get(file.file);
      if (!english || !translation) continue;
      const id = translation.english.replace(/^.*\//, '').replace(/\.(yaml|md)$/, '');
      const entry = english.files?.find((f) => f.file === translation.english)?.name ?? id;
      const data = englishData(content, translation.english);
      const fields = Object.keys(translation.current);
      versions.push({
        collection: collection.name,
        entry: file.name,
        label: file.label.replace(/^Out of date — /, ''),
        file: file.file,
        english: { collection: english.name, entry, file: translation.english },
        from: translation.current,
        text: Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, comparableText(data[f])])),
        labels: Object.fromEntries(fields.map((f) => [f, file.fields.find((field) => field.name === f)?.label ?? f])),
      });
    }
  }
  return versions;
}

/** The English file's fields as the editor holds them (an article's text under `body`, when it is in memory). */
function englishData(content: Content, file: string): Record<string, unknown> {
  const data = (content.sources.get(file)?.data ?? {}) as Record<string, unknown>;
  const body = content.articles.find((a) => a.file === file)?.markdown;
  return body === undefined ? data : { ...data, body };
}
