/**
 * The editor's Spanish collections: every translation (NAME.es.yaml, SLUG.es.md) as an entry of its own, beside its English
 * one, its form made from the translation schema (text only: what must stay as in English is not offered), each field showing
 * the English it translates, and an entry whose English changed since it was translated marked "Out of date".
 */
import { basename } from 'node:path';
import type { z } from 'zod';
import { loadContent } from '../load/content.ts';
import type { Content, TranslationFile } from '../schemas/content.ts';
import { schemaOfFile } from '../schemas/registry.ts';
import { articleTranslationSchema, translationOf, translationSchemaOf } from '../schemas/translation.ts';
import { changedFields } from '../validate/translations.ts';
import { cmsCollections, type CmsCollection, type CmsConfig, type CmsField, type CmsFile } from './cms-config.ts';
import { cmsFields, labelOf } from './cms-fields.ts';

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
  return { ...config, collections: [...config.collections.map((c) => withSpanishLinks(c, spanish)), ...spanish] };
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

/** The English collection a file belongs to: the one that lists it, or the folder it is in. */
function englishCollectionOf(collections: CmsCollection[], file: string): CmsCollection | undefined {
  return collections.find((c) => c.files?.some((f) => f.file === file) || (c.folder && file.startsWith(`${c.folder}/`)));
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

/** The translation's form: the fields of its translation schema (labelled as the English form's), an article's with its text. */
function formFields(english: string, collection: CmsCollection): CmsField[] {
  if (english.endsWith('.md')) {
    const front = cmsFields(articleTranslationSchema, 'article').filter((f) => f.name !== 'translation');
    return [...front, { name: 'body', label: 'Text', widget: 'markdown' }];
  }
  const schema = translationSchemaOf(schemaOfFile(english) as z.ZodType, basename(english));
  const type = collection.folder ? collection.name : basename(english).replace(/\.yaml$/, '');
  return cmsFields(schema, type).filter((f) => f.name !== 'translation');
}

/** The notice at the top of an out-of-date entry: which fields' English changed, and what publishing does. */
function staleNotice(changed: string[], fields: CmsField[]): string {
  const names = changed.map((name) => fields.find((f) => f.name === name)?.label ?? labelOf(name));
  return (
    `OUT OF DATE: the English of ${names.join(', ')} changed since this was translated. Make the Spanish say what the English ` +
    'says now (shown under each field), then publish: that records this translation as up to date.'
  );
}

/** A field with the English it translates as its hint (a changed one says so first). */
function withEnglish(field: CmsField, value: unknown, changed: readonly string[]): CmsField {
  if (value === undefined) return field;
  const text = englishText(value);
  if (text === '') return field;
  return { ...field, hint: `${changed.includes(field.name) ? 'Changed in English. ' : ''}English: ${text}` };
}

/** An English value in words: a text as it is, a list's rows numbered, a group's texts one after another. */
export function englishText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map((row, i) => `(${i + 1}) ${englishText(row)}`).join('  ');
  if (value !== null && typeof value === 'object') {
    return Object.values(value)
      .map(englishText)
      .filter((t) => t !== '')
      .join(' — ');
  }
  return '';
}

/** The Spanish page a translation's preview shows: the English entry's page under /es. */
function spanishPage(page: string, id: string, data: Record<string, unknown>): string {
  const filled = page.replace('{{slug}}', id).replace(/\{\{fields\.(\w+)\}\}/g, (_, name: string) => String(data[name] ?? ''));
  return filled === '/' ? '/es/' : `/es${filled}`;
}
