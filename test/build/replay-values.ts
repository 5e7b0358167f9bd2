/**
 * Values for the seeded replay of test/build/incremental-replay.test.ts, derived from the content schemas: which
 * zod schema checks a file, what JSON Schema says a field takes (type, enum, bounds, pattern, format),
 * and another value of the same kind for a field, valid or on purpose invalid.
 */
import { z } from 'zod';
import { isMap, isScalar, isSeq, type Document, type Node, type Scalar } from 'yaml';
import { articleSchema, folders, singleFiles } from '../../src/schemas/registry.ts';

/** A small seeded generator (mulberry32), so a run can be replayed from its seed. */
export function random(seedValue: number) {
  let a = seedValue >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof random>;

/** The part of JSON Schema that z.toJSONSchema writes for the content schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** What the tree holds that a reference may name: each kind of id the build checks. */
export interface Known {
  providers: string[];
  treatments: string[];
  bookingServices: string[];
  categories: string[];
  /** Pages of the site (metadata.yaml routes and the home page's sections). */
  routes: string[];
  /** Files under public/, as site paths (/images/x.png). */
  publicFiles: string[];
}

/** A path to a field: keys of maps, indexes of lists. */
export type FieldPath = (string | number)[];

/** The zod schema a content file (relative to the project) is checked with; undefined for files the build does not validate. */
export function schemaOfFile(file: string): z.ZodType | undefined {
  // A translation (ssri.es.yaml, slug.es.md) has a schema of its own: the replay's translation edits change it.
  if (/\.[a-z]{2}\.(yaml|md)$/.test(file)) return undefined;
  const single = Object.values(singleFiles).find((s) => `content/${s.file}` === file);
  if (single) return single.schema as z.ZodType;
  const folder = Object.values(folders).find((f) => new RegExp(`^content/${f.dir}/[^/]+\\.yaml$`).test(file));
  if (folder) return folder.schema as z.ZodType;
  return /^content\/blog\/[^/]+\.md$/.test(file) ? (articleSchema as z.ZodType) : undefined;
}

const jsonSchemas = new Map<z.ZodType, JsonSchema>();
/** The JSON Schema of a zod schema, as the editor schemas are made (src/authoring/editor-schemas.ts). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  let json = jsonSchemas.get(schema);
  if (!json) jsonSchemas.set(schema, (json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema));
  return json;
}

/** The schema of the field at a path, following properties, list items and records (metadata.yaml). */
export function schemaAt(root: JsonSchema, path: FieldPath): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const key of path) {
    if (!node) return undefined;
    if (typeof key === 'number') node = node.items;
    else node = node.properties?.[key] ?? (typeof node.additionalProperties === 'object' ? node.additionalProperties : undefined);
  }
  return node;
}

/** A scalar of a YAML document with its path. */
export interface Leaf {
  path: FieldPath;
  node: Scalar;
}

/** Every scalar value of a document (map keys excluded), in document order. */
export function leavesOf(doc: Document): Leaf[] {
  const leaves: Leaf[] = [];
  const visit = (node: unknown, path: FieldPath) => {
    if (isScalar(node)) leaves.push({ path, node });
    else if (isMap(node)) for (const pair of node.items) visit(pair.value, [...path, String(isScalar(pair.key) ? pair.key.value : pair.key)]);
    else if (isSeq(node)) node.items.forEach((item, i) => visit(item, [...path, i]));
  };
  visit(doc.contents, []);
  return leaves;
}

/** Every map and list of a document with its path, the document itself first. */
export function collectionsOf(doc: Document): { path: FieldPath; node: Node }[] {
  const found: { path: FieldPath; node: Node }[] = [];
  const visit = (node: unknown, path: FieldPath) => {
    if (isMap(node)) {
      found.push({ path, node });
      for (const pair of node.items) visit(pair.value, [...path, String(isScalar(pair.key) ? pair.key.value : pair.key)]);
    } else if (isSeq(node)) {
      found.push({ path, node });
      node.items.forEach((item, i) => visit(item, [...path, i]));
    }
  };
  visit(doc.contents, []);
  return found;
}

/** The ids a field refers to, by where it is: the build checks these against the tree, not the schema. */
function referenceChoices(path: FieldPath, known: Known): string[] | undefined {
  const key = path.at(-1);
  const parent = path.at(-2);
  if (key === 'reviewedBy' || key === 'founder') return known.providers;
  if (key === 'treatment' || (typeof key === 'number' && parent === 'treatments')) return known.treatments;
  if (key === 'service') return known.bookingServices;
  if (key === 'category' && path.length === 1) return known.categories;
  if (key === 'href' || key === 'to') return known.routes;
  if (key === 'src' || key === 'socialImage' || key === 'image') return known.publicFiles;
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date within the last three years (some more than 12 months ago: a review then is overdue). */
export function recentDate(rng: Rng, today = new Date()): string {
  const date = new Date(today.getTime() - rng.int(3 * 365) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

/**
 * Texts of another value of a string field, most alike first: plain text gets a suffix; a field with a
 * pattern or format (a date, a time, a phone number, a URL, an e-mail address, a slug) a value of the same shape.
 */
function stringCandidates(schema: JsonSchema, current: string, n: number, rng: Rng): string[] {
  const max = schema.maxLength;
  const suffixed = max !== undefined && current.length + 12 > max ? `${current.slice(0, max - 12).trimEnd()} (edit ${n})` : `${current} (edit ${n})`;
  if (!schema.pattern && !schema.format) return [suffixed];
  const candidates: string[] = [];
  if (/^\d{4}-\d{2}-\d{2}$/.test(current)) candidates.push(recentDate(rng));
  if (/^\d\d:\d\d$/.test(current)) candidates.push(`${pad(rng.int(24))}:${pad(15 * rng.int(4))}`);
  if (schema.format === 'uri') {
    try {
      const url = new URL(current);
      if (url.pathname === '/' && !url.search) url.hostname = `edit${n}.${url.hostname.replace(/^www\./, '')}`;
      else url.searchParams.set('edit', String(n));
      candidates.push(url.href.replace(/\/$/, current.endsWith('/') ? '/' : ''));
    } catch {
      candidates.push(`https://example.com/edit-${n}`);
    }
  }
  if (schema.format === 'email') candidates.push(current.replace(/^([^@+]+)(\+[^@]*)?@/, `$1+e${n}@`));
  // A phone number, a price, a run of digits: other digits at the end.
  if (/\d\D*$/.test(current)) candidates.push(current.replace(/\d\d(?=\D*$)/, pad(n % 100)), current.replace(/\d(?=\D*$)/, String(n % 10)));
  candidates.push(`${current}-e${n}`, `${current}_e${n}`, `${current}E${n}`, `${current}${n}`, suffixed);
  candidates.push(`${1 + (n % 30)} min read`, `$${10 + n}`, rng.pick(['US', 'CA', 'MX']), `${10 + n}`, `/replay-${n}`, `G-REPLAY${n}`);
  return candidates;
}

/** Whether a string fits what the schema says of strings (pattern and length); zod's own check runs on the whole file afterwards. */
function fits(schema: JsonSchema, value: string): boolean {
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  if (schema.minLength !== undefined && value.trim().length < schema.minLength) return false;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.format === 'uri' && !/^https?:\/\/[^\s]+$/.test(value)) return false;
  return true;
}

/**
 * Other valid values of a field, best first: a reference picks another existing id, an enum another
 * choice, a boolean flips, a number moves within its bounds, a string keeps its pattern. Empty when the
 * field has no other value (a const, a schema the replay cannot read).
 */
export function validValues(schema: JsonSchema, path: FieldPath, current: unknown, n: number, known: Known, rng: Rng): unknown[] {
  if (schema.anyOf) {
    const branches = [...schema.anyOf].sort(() => rng.next() - 0.5);
    return branches.flatMap((branch) => validValues(branch, path, current, n, known, rng));
  }
  if (schema.const !== undefined) return schema.const === current ? [] : [schema.const];
  if (schema.enum) return shuffle(schema.enum.filter((v) => v !== current), rng);
  if (schema.type === 'boolean') return typeof current === 'boolean' ? [!current] : [rng.next() < 0.5];
  if (schema.type === 'integer' || schema.type === 'number') {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    const base = typeof current === 'number' ? current : min;
    const max = Math.min(schema.maximum ?? base + 20, base + 20);
    const lowest = Math.max(min, base - 20);
    const values = Array.from({ length: 6 }, () => lowest + rng.int(max - lowest + 1)).filter((v) => v !== current);
    return [...new Set(values)];
  }
  if (schema.type !== 'string' && schema.type !== undefined) return [];
  const text = typeof current === 'string' ? current : String(current ?? `replay ${n}`);
  const references = referenceChoices(path, known);
  if (references) {
    const others = shuffle(references.filter((r) => r !== text && fits(schema, r)), rng);
    // An article's category may also be a new one (shown in teal until blog.yaml lists it).
    if (path.at(-1) === 'category') others.push(`Replay Topic ${n % 4}`);
    return others;
  }
  return [...new Set(stringCandidates(schema, text, n, rng).filter((c) => c !== text && fits(schema, c)))];
}

/** Values the schema or the build refuses, so the clean build fails and the incremental builds must fail the same way. */
export function invalidValues(schema: JsonSchema, path: FieldPath, current: unknown, n: number, known: Known): unknown[] {
  const values: unknown[] = [];
  const branch = schema.anyOf?.[0] ?? schema;
  if (referenceChoices(path, known) && path.at(-1) !== 'category') values.push(`no-such-id-${n}`);
  if (branch.enum) values.push(`not-a-choice-${n}`);
  if (branch.type === 'boolean') values.push('maybe');
  if (branch.type === 'integer' || branch.type === 'number') {
    if (branch.minimum !== undefined) values.push(branch.minimum - 1);
    if (branch.maximum !== undefined && branch.maximum < 1e6) values.push(branch.maximum + 1);
    values.push(`${String(current)} or so`);
  }
  if (branch.type === 'string' || branch.type === undefined) {
    if (branch.pattern || branch.format) values.push(`not valid ${n}!`);
    if (branch.minLength) values.push('');
    if (branch.maxLength !== undefined) values.push('x'.repeat(branch.maxLength + 1));
  }
  return values.filter((v) => v !== current);
}

/** A copy of a list in a random order. */
export function shuffle<T>(items: T[], rng: Rng): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
