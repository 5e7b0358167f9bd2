/**
 * How the browser editor reads and writes content files: YAML 1.2 (and front matter) through the
 * same `yaml` package as the build, changing only the values that changed, so a file's comments,
 * quoting and order stay as the author left them; a value left empty is left out, as a careful
 * author would. Runs in the browser (bundled into the editor's script) and in tests.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import { splicedText } from './yaml-splices.ts';

/** Where an entry keeps the text it was read from, so that saving can keep its comments; never written to a file. */
export const sourceKey = '__clinicSource';

/**
 * Whether a file is in English, not a translation (ssri.es.yaml, slug.es.md): the editor's folders list only English files,
 * whose forms they are (Decap filters entries on a field's value, never on a file name). A translation names its Spanish
 * schema on its first line or records what it was translated from; never written to a file.
 */
export const englishKey = '__clinicEnglish';

/**
 * Every word of an entry, for the editor's search: Decap searches a folder's entries by the fields of its summary, and a
 * single file by its top-level fields (a group reads as "[object Object]"), so a word inside a question was never found.
 * Never written to a file.
 */
export const wordsKey = '__clinicWords';

/** The texts of a value, at every depth, joined by spaces. */
export function wordsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value === null || typeof value !== 'object') return '';
  return Object.values(value).map(wordsOf).filter(Boolean).join(' ');
}

/** How an article's text ended in its file (its last line break, or none), kept by a save; never written as a field. */
export const endingKey = '__clinicEnding';

/** Whether a file's text (a YAML file, or an article's front matter) is a translation's. */
function isTranslation(text: string): boolean {
  return /^# yaml-language-server: \$schema=\S*\.es\.schema\.json/.test(text) || /^translation:/m.test(text);
}

/** What the editor holds of a file: its fields (an article's body under `body`), and the text it was read from. */
export type EntryData = Record<string, unknown>;

/** Decap's formatter: a file's text to the editor's data, and back. */
export interface FileFormat {
  fromFile(text: string): EntryData;
  toFile(data: EntryData, sortedKeys?: string[]): string;
}

/**
 * Why an entry must not be saved, if it must not: an existing file whose text the form never read (its form opened empty)
 * would be written over with the typed values alone. A new entry, or a file read (even an empty one), may be saved.
 */
export function unreadEntryProblem(isNew: boolean, data: EntryData): string | undefined {
  if (isNew || sourceKey in data) return undefined;
  return (
    'Not saved: this form was opened without reading its file, so saving would replace the file with only what the form ' +
    'shows. Reload the page, open the entry from its list, and make the change again.'
  );
}

/** Leaves out what an author leaves out: empty texts, nothing, and groups of fields with nothing in them. */
export function pruned(value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value.map(pruned).filter((v) => v !== undefined);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, pruned(v)] as const)
      .filter(([, v]) => v !== undefined);
    return entries.length === 0 ? undefined : Object.fromEntries(entries);
  }
  return value;
}

/** Sets `value` into `node` in place where the shape is the same, so comments and styles stay; a new node elsewhere. */
function merged(doc: Document, node: unknown, value: unknown): unknown {
  if (isScalar(node) && (value === null || typeof value !== 'object')) {
    if (node.value !== value) node.value = value;
    return node;
  }
  if (isSeq(node) && Array.isArray(value)) {
    const items = value.map((item, i) => (i < node.items.length ? merged(doc, node.items[i], item) : doc.createNode(item)));
    node.items = items as typeof node.items;
    return node;
  }
  if (isMap(node) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    const seen = new Set<string>();
    node.items = node.items.filter((pair) => {
      const key = String(isScalar(pair.key) ? pair.key.value : pair.key);
      seen.add(key);
      // An empty group the file wrote itself ("analytics: {}") stays; any other field the form left empty goes.
      if (!(key in record)) return (isMap(pair.value) || isSeq(pair.value)) && pair.value.items.length === 0;
      pair.value = merged(doc, pair.value, record[key]) as Node;
      return true;
    });
    for (const [key, item] of Object.entries(record)) if (!seen.has(key)) node.add(doc.createPair(key, item));
    return node;
  }
  return doc.createNode(value);
}

/** The form's fields, as far as their order goes: a new row or group is written in the order the form shows its fields. */
export interface FieldOrder {
  name: string;
  fields?: FieldOrder[];
}

/** Orders every group's keys, at every depth, as the form lists its fields; keys the form does not know keep their place after them. */
function orderedBy(value: unknown, order: FieldOrder[] | undefined): unknown {
  if (!order) return value;
  if (Array.isArray(value)) return value.map((item) => orderedBy(item, order));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const field of order) {
    if (field.name in record && !(field.name in result)) result[field.name] = orderedBy(record[field.name], field.fields);
  }
  for (const [key, item] of Object.entries(record)) if (!(key in result)) result[key] = item;
  return result;
}

/** Orders an object's keys as the form lists its fields; keys the form does not know keep their place after them. */
function ordered(value: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of keys) if (key in value) result[key] = value[key];
  for (const [key, item] of Object.entries(value)) if (!(key in result)) result[key] = item;
  return result;
}

/** YAML text of `value`, as `source` was written where it can be (comments, quotes, order), else fresh with `header`. */
function yamlText(value: unknown, source: string | undefined, header: string): string {
  if (source !== undefined && source.trim() !== '') {
    // The source's text with the changes written in, every other byte as the author left it; else the file written again.
    const spliced = splicedText(source, value);
    if (spliced !== undefined) return spliced;
    const doc = parseDocument(source) as Document;
    doc.contents = merged(doc, doc.contents, value) as Node;
    return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  }
  const doc = new Document(value);
  return `${header}${doc.toString({ lineWidth: 0, flowCollectionPadding: false })}`;
}

/**
 * The line that starts a new file: one for a folder's files, or, for a collection of single files (each its own type), the
 * line of the file whose form lists `keys` (Decap hands a format the names of the entry's fields, never its file).
 */
export type SchemaLineOf = string | ((keys: string[]) => string);

/** The schema line for an entry whose form lists `keys`. */
function lineFor(schemaLine: SchemaLineOf, keys: string[]): string {
  return typeof schemaLine === 'string' ? schemaLine : schemaLine(keys);
}

/** A YAML file's format; `schemaLine` starts a new file (it points editors at its schema), `listField` wraps a file that is a list. */
export function yamlFormat(schemaLine: SchemaLineOf, listField: string, order?: FieldOrder[]): FileFormat {
  return {
    fromFile(text) {
      const value = parseDocument(text).toJS() as unknown;
      const data = Array.isArray(value) ? { [listField]: value } : ((value ?? {}) as EntryData);
      return { ...data, [sourceKey]: text, [englishKey]: !isTranslation(text), [wordsKey]: wordsOf(data) };
    },
    toFile(data, sortedKeys = []) {
      const { [sourceKey]: source, [englishKey]: _english, [wordsKey]: _words, ...fields } = data;
      const clean = (pruned(orderedBy(ordered(fields, sortedKeys), order)) ?? {}) as EntryData;
      const isList = Object.keys(fields).length === 1 && listField in fields;
      return yamlText(isList ? (clean[listField] ?? []) : clean, source as string | undefined, lineFor(schemaLine, sortedKeys));
    },
  };
}

const fence = /^---[ \t]*\r?\n([\s\S]*?)\r?\n?---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/** An article's format: YAML front matter between --- lines, then the markdown body (`body`). */
export function frontMatterFormat(schemaLine: SchemaLineOf, order?: FieldOrder[]): FileFormat {
  return {
    fromFile(text) {
      const match = fence.exec(text);
      const front = match ? match[1]! : '';
      const value = (parseDocument(front).toJS() ?? {}) as EntryData;
      const english = !isTranslation(front);
      const body = match ? match[2]!.replace(/^\r?\n/, '') : text;
      const ending = /\s*$/.exec(body)![0];
      return { ...value, body, [sourceKey]: front, [englishKey]: english, [endingKey]: ending, [wordsKey]: wordsOf({ ...value, body }) };
    },
    toFile(data, sortedKeys = []) {
      const { [sourceKey]: source, [englishKey]: _english, [endingKey]: ending, [wordsKey]: _words, body, ...fields } = data;
      const clean = (pruned(orderedBy(ordered(fields, sortedKeys), order)) ?? {}) as EntryData;
      const front = yamlText(clean, source as string | undefined, lineFor(schemaLine, sortedKeys));
      const text = typeof body === 'string' ? body.replace(/\s+$/, '') : '';
      // The text ends as the file did (a file without a last line break keeps none); a new one ends with a line break.
      return `---\n${front.endsWith('\n') ? front : `${front}\n`}---\n${text}${typeof ending === 'string' ? ending : '\n'}`;
    },
  };
}

/** The line at the top of a new content file that points editors (VS Code's YAML extension) at its schema. */
export function schemaLine(type: string, depth: number): string {
  return `# yaml-language-server: $schema=${'../'.repeat(depth)}schemas/${type}.schema.json\n`;
}
