/**
 * What the editor's script knows of the Spanish entries (admin/spanish.json, written by `build --editor` and served by `serve`):
 * for each, its English entry, the hash of each English field as it is now (what saving it records, as `clinic-site translated`
 * does), and the English text, so that a save of the English entry can tell her which Spanish entry to update. Runs in the
 * browser too: what makes them from the content is cms-spanish-versions.ts.
 */
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
  /** A first Spanish version, not yet made: its English entry's saves name no Spanish entry to update. */
  first?: true;
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
