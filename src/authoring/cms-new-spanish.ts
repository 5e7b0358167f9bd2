/**
 * A first Spanish version of an English entry that has none, made in the editor: for each such entry, a collection that the
 * lists do not show (its English form links to it), whose "new" form is the translation's, started with the English text to
 * replace, and saved beside the English file as NAME.es.yaml or SLUG.es.md, where `clinic-site` reads translations.
 */
import { basename, dirname } from 'node:path';
import type { Content } from '../schemas/content.ts';
import { isTranslationFile, translationOf } from '../schemas/translation.ts';
import { cmsCollections, type CmsCollection, type CmsField } from './cms-config.ts';
import { labelOf } from './cms-fields.ts';
import { englishCollectionOf, formFields, spanishPage, withEnglish } from './cms-spanish-fields.ts';

/** What starts the name of a collection that makes a first Spanish version. */
export const newSpanishPrefix = 'es-new-';

/** At most this many English entries of one collection are offered a first Spanish version (a blog may hold thousands). */
const offeredPerCollection = 40;

/** The collections that make a first Spanish version of each English entry without one (none when the site has no Spanish). */
export function newSpanishCollections(content: Content): CmsCollection[] {
  if (!content.spanish) return [];
  const translated = new Set(content.spanish.translations.map((t) => t.english));
  const english = cmsCollections();
  const offered = new Map<string, number>();
  const made: CmsCollection[] = [];
  const files = [...content.sources.keys()].filter((f) => !isTranslationFile(f) && !translated.has(f) && /\.(yaml|md)$/.test(f)).sort();
  for (const file of files) {
    const collection = englishCollectionOf(english, file);
    if (!collection || file === 'content/metadata.yaml') continue;
    const count = offered.get(collection.name) ?? 0;
    if (count >= offeredPerCollection) continue;
    const version = newSpanishCollection(content, file, collection);
    // A file with nothing to translate (the redirects) gets none: Decap refuses a collection without fields, and its whole editor with it.
    if (version.fields!.length === 0) continue;
    offered.set(collection.name, count + 1);
    made.push(version);
  }
  return made;
}

/** The name of the collection that makes the first Spanish version of `file` of `collection`. */
export function newSpanishName(collection: string, file: string): string {
  return `${newSpanishPrefix}${collection}-${basename(file).replace(/\.(yaml|md)$/, '')}`;
}

/** One English entry's first Spanish version: a folder collection of one new file, its form started with the English text. */
function newSpanishCollection(content: Content, file: string, collection: CmsCollection): CmsCollection {
  const data = (content.sources.get(file)?.data ?? {}) as Record<string, unknown>;
  const body = content.articles.find((a) => a.file === file)?.markdown;
  const english = body === undefined ? data : { ...data, body };
  const id = basename(file).replace(/\.(yaml|md)$/, '');
  const single = collection.files?.find((f) => f.file === file);
  const title = single?.label ?? String(data[collection.identifier_field ?? 'title'] ?? labelOf(id));
  // Counsel approves a translation apart from its English: a first Spanish version awaits it, approved English or not.
  const startedField = (field: CmsField) => {
    if (field.name === 'awaitingCounsel') return { ...field, default: true };
    return started(withEnglish(field, english[field.name], []), english[field.name]);
  };
  const fields = formFields(file, collection).map(startedField);
  const extension = translationOf(file).slice(dirname(file).length + 1 + id.length + 1);
  return {
    name: newSpanishName(collection.name, file),
    label: `New Spanish version: ${title}`,
    label_singular: `Spanish version of ${title}`,
    description: `A first Spanish version of ${title}. The form starts with the English text: replace each with its Spanish, then save.`,
    hide: true,
    folder: dirname(file),
    extension,
    format: `${collection.format}.es`,
    create: true,
    delete: false,
    // The Spanish file is named as its English file: NAME.es.yaml beside NAME.yaml.
    slug: id,
    identifier_field: fields.find((f) => f.widget === 'string')?.name ?? 'title',
    preview_path: spanishPage(single?.preview_path ?? collection.preview_path ?? '/', id, data),
    fields,
  };
}

/** A field started with the English value (only the parts the form has: the translation holds nothing else). */
function started(field: CmsField, value: unknown): CmsField {
  const shaped = shapedAs(field, value);
  return shaped === undefined ? field : { ...field, default: shaped };
}

/** `value` with only the keys `field`'s form has, at every depth (a list's rows, a group's fields). */
function shapedAs(field: CmsField, value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    if (field.field) return value.map((row) => shapedAs(field.field!, row));
    if (field.fields) return value.map((row) => shapedAs({ ...field, widget: 'object' }, row));
    return value;
  }
  if (typeof value === 'object' && field.fields) {
    const record = value as Record<string, unknown>;
    const kept = field.fields.map((f) => [f.name, shapedAs(f, record[f.name])] as const).filter(([, v]) => v !== undefined);
    return Object.fromEntries(kept);
  }
  return typeof value === 'object' ? undefined : value;
}

/** An English entry's form with a link to make its Spanish version (a folder's: to make those of its entries without one). */
export function withNewSpanishLinks(collection: CmsCollection, made: readonly CmsCollection[]): CmsCollection {
  const own = made.filter((c) => c.name.startsWith(`${newSpanishPrefix}${collection.name}-`));
  if (own.length === 0) return collection;
  const link = (c: CmsCollection) => `#/collections/${c.name}/new`;
  const title = (c: CmsCollection) => c.label.replace(/^New Spanish version: /, '');
  if (collection.files) {
    const files = collection.files.map((file) => {
      const version = own.find((c) => c.name === newSpanishName(collection.name, file.file));
      if (!version) return file;
      return { ...file, fields: withFirstHint(file.fields, `Spanish version: none yet — [make one](${link(version)})`) };
    });
    return { ...collection, files };
  }
  if (!collection.fields) return collection;
  const named = own.map((c) => `[${title(c)}](${link(c)})`).join(', ');
  return { ...collection, fields: withFirstHint(collection.fields, `Not yet in Spanish, to make its Spanish version: ${named}`) };
}

/** `fields` with `notice` before the first one's hint. */
function withFirstHint(fields: CmsField[], notice: string): CmsField[] {
  const [first, ...rest] = fields;
  return first ? [{ ...first, hint: first.hint ? `${notice}\n\n${first.hint}` : notice }, ...rest] : fields;
}
