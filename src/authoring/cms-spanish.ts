/**
 * The editor's Spanish collections: every translation (NAME.es.yaml, SLUG.es.md) as an entry of its own, beside its English
 * one, its form made from the translation schema (text only: what must stay as in English is not offered), each field showing
 * the English it translates, and an entry whose English changed since it was translated marked "Out of date".
 */
import { basename } from 'node:path';
import { loadContent } from '../load/content.ts';
import type { Content, TranslationFile } from '../schemas/content.ts';
import { translationOf } from '../schemas/translation.ts';
import { changedFields } from '../validate/translations.ts';
import { cmsCollections, type CmsCollection, type CmsConfig, type CmsField, type CmsFile } from './cms-config.ts';
import { labelOf } from './cms-fields.ts';
import { newSpanishCollections, withNewSpanishLinks } from './cms-new-spanish.ts';
import { englishCollectionOf, formFields, spanishPage, withEnglish } from './cms-spanish-fields.ts';

export { englishText } from './cms-spanish-fields.ts';

/** What an out-of-date translation's entry is listed with, before its title. */
export const outOfDate = 'Out of date — ';

/** The configuration with the Spanish collections of the project at `root` after the English ones (none when content has errors). */
export async function withSpanish(config: CmsConfig, root: string): Promise<CmsConfig> {
  const content = await loadContent(root).catch(() => undefined);
  return content ? withSpanishOf(config, content) : config;
}

/** The configuration with the Spanish collections of `content` after the English ones (as `build --editor` writes it). */
export function withSpanishOf(config: CmsConfig, content: Content): CmsConfig {
  if (!content.spanish) return config;
  const spanish = spanishCollections(content);
  const made = newSpanishCollections(content);
  const english = config.collections.map((c) => withNewSpanishLinks(withSpanishLinks(c, spanish), made));
  return { ...config, collections: [...english, ...spanish, ...made] };
}

/**
 * An English collection whose entries have Spanish versions, each form saying where its Spanish version is: a single file's
 * form says whether its own is out of date, with a link to it; a folder's forms list those of its entries that are out of date.
 */
export function withSpanishLinks(collection: CmsCollection, spanish: CmsCollection[]): CmsCollection {
  const versions = spanish.find((c) => c.name === spanishName(collection.name));
  if (!versions) return collection;
  const link = (f: CmsFile) => `#/collections/${versions.name}/entries/${f.name}`;
  const stale = (f: CmsFile) => f.label.startsWith(outOfDate);
  if (collection.files) {
    const files = collection.files.map((file) => {
      const version = versions.files!.find((f) => f.file === translationOf(file.file));
      if (!version) return file;
      const state = stale(version) ? 'out of date — [update it here]' : 'up to date — [open it]';
      return { ...file, fields: withFirstHint(file.fields, `Spanish version: ${state}(${link(version)})`) };
    });
    return { ...collection, files };
  }
  const behind = versions.files!.filter(stale);
  if (behind.length === 0 || !collection.fields) return collection;
  const named = behind.map((f) => `[${f.label.slice(outOfDate.length).replace(/ \(Spanish\)$/, '')}](${link(f)})`).join(', ');
  return { ...collection, fields: withFirstHint(collection.fields, `Spanish versions out of date, to update: ${named}`) };
}

/** `fields` with `notice` before the first one's hint. */
function withFirstHint(fields: CmsField[], notice: string): CmsField[] {
  const [first, ...rest] = fields;
  return first ? [{ ...first, hint: first.hint ? `${notice}\n\n${first.hint}` : notice }, ...rest] : fields;
}

/** The Spanish collections of `content`: its pages and settings, then one per folder, then the blog's articles. */
export function spanishCollections(content: Content): CmsCollection[] {
  const english = cmsCollections();
  const groups = new Map<string, { english: CmsCollection; files: CmsFile[] }>();
  for (const translation of content.spanish?.translations ?? []) {
    const collection = englishCollectionOf(english, translation.english);
    if (!collection) continue;
    const group = groups.get(collection.name) ?? { english: collection, files: [] };
    groups.set(collection.name, group);
    group.files.push(spanishFile(content, translation, collection));
  }
  return [...groups.values()].map(({ english, files }) => ({
    name: spanishName(english.name),
    label: `Español: ${english.label.toLowerCase()}`,
    description: `The Spanish site's ${english.label.toLowerCase()}: each field shows the English it translates under it.`,
    // Its own format and entry names: Decap keeps one format and one preview per name, and the last registered wins (the
    // Spanish 'blog' page's took over the English articles' preview and saves).
    format: `${english.format}.es`,
    delete: false,
    files: files.sort((a, b) => (a.label < b.label ? -1 : 1)),
  }));
}

/** The name of the Spanish collection of an English one (treatments → es-treatments). */
export function spanishName(collection: string): string {
  return `es-${collection}`;
}

/** One translation's entry: named as its English entry, its fields the translation's, each with the English it translates. */
function spanishFile(content: Content, translation: TranslationFile, collection: CmsCollection): CmsFile {
  const englishData = (content.sources.get(translation.english)?.data ?? {}) as Record<string, unknown>;
  const single = collection.files?.find((f) => f.file === translation.english);
  const id = basename(translation.english).replace(/\.(yaml|md)$/, '');
  const title = single?.label ?? String(englishData[collection.identifier_field ?? 'title'] ?? labelOf(id));
  const changed = changedFields(translation);
  const fields = formFields(translation.english, collection).map((field) => withEnglish(field, englishData[field.name], changed));
  if (changed.length > 0 && fields[0]) fields[0] = { ...fields[0], hint: `${staleNotice(changed, fields)}\n\n${fields[0].hint ?? ''}` };
  return {
    name: `es-${id}`,
    label: `${changed.length > 0 ? outOfDate : ''}${title} (Spanish)`,
    file: translation.file,
    preview_path: spanishPage(single?.preview_path ?? collection.preview_path ?? '/', id, englishData),
    fields,
  };
}

/** The notice at the top of an out-of-date entry: which fields' English changed, and what publishing does. */
function staleNotice(changed: string[], fields: CmsField[]): string {
  const names = changed.map((name) => fields.find((f) => f.name === name)?.label ?? labelOf(name));
  return (
    `OUT OF DATE: the English of ${names.join(', ')} changed since this was translated. Make the Spanish say what the English ` +
    'says now (shown under each field), then publish: that records this translation as up to date.'
  );
}

