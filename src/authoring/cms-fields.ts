/**
 * The browser editor's form fields (Decap CMS widgets), from the JSON Schema of each zod schema: a widget
 * per type, each field's description as its hint, required and pattern rules with the build's own messages,
 * and pick lists for references to other files. A field added to a schema appears with no other change.
 */
import { z } from 'zod';
import { editorHint, editorLabel, rowLabel } from './cms-words.ts';

/** A JSON Schema node as zod writes it, with the messages of its checks added (see `jsonOf`). */
export interface JsonNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonNode>;
  required?: string[];
  items?: JsonNode;
  enum?: (string | number)[];
  const?: string | number;
  pattern?: string;
  format?: string;
  default?: unknown;
  anyOf?: JsonNode[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: JsonNode | boolean;
  'x-message'?: string;
}

/** One field of a Decap form. */
export interface CmsField {
  name: string;
  label: string;
  widget: string;
  hint?: string;
  required?: boolean;
  pattern?: [string, string];
  default?: unknown;
  fields?: CmsField[];
  field?: CmsField;
  summary?: string;
  label_singular?: string;
  collapsed?: boolean;
  options?: (string | number)[];
  multiple?: boolean;
  min?: number;
  max?: number;
  value_type?: 'int' | 'float';
  collection?: string;
  file?: string;
  value_field?: string;
  search_fields?: string[];
  display_fields?: string[];
  format?: string;
  date_format?: string;
  time_format?: boolean;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
  [option: string]: unknown;
}

/** The editor's field for a plain date, as cms/date-widget.ts registers it (named here: the CLI never loads React for it). */
export const dateWidget = 'clinic-date';

/** A folder a slug field can refer to (its description names content/FOLDER/), and the field its entries are shown by. */
interface FolderReference {
  folder: string;
  display: string;
}

/** References to other files, by the folder a slug field's description names: a pick list of that folder's entries. */
const folderReferences: FolderReference[] = [
  { folder: 'treatments', display: 'title' },
  { folder: 'providers', display: 'name' },
];

/** The article's category: one of the categories of blog.yaml (no description names it, so it is named here). */
const categoryReference: Partial<CmsField> = {
  widget: 'relation',
  collection: 'pages',
  file: 'blog',
  value_field: 'categories.*.name',
  search_fields: ['categories.*.name'],
  display_fields: ['categories.*.name'],
};

/** Fields whose text runs to sentences or paragraphs: a text area instead of a line. */
const longTextNames = new Set([
  'description',
  'longDescription',
  'intro',
  'text',
  'bio',
  'answer',
  'excerpt',
  'disclaimer',
  'dosage',
  'questions',
  'bestFor',
]);

/** What zod keeps of a schema's checks, read for the messages JSON Schema leaves out. */
interface ZodDef {
  checks?: { _zod: { def: { pattern?: RegExp; error?: unknown } } }[];
  format?: string;
  protocol?: RegExp;
  error?: unknown;
}

/** The JSON Schema of a zod schema, each pattern with the message the build gives when it is not met. */
export function jsonOf(schema: z.ZodType): JsonNode {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: (ctx) => {
      const def = (ctx.zodSchema as unknown as { _zod: { def: ZodDef } })._zod.def;
      const json = ctx.jsonSchema as JsonNode;
      for (const check of def.checks ?? []) {
        const checkDef = check._zod.def;
        if (checkDef.pattern && !json['x-message']) json['x-message'] = messageOf(checkDef.error);
      }
      // An address of another site: zod's url has no pattern in JSON Schema, so the protocol it requires becomes one.
      if (def.format === 'url' && def.protocol) {
        json.pattern = `^(${def.protocol.source.replace(/^\^|\$$/g, '')})://\\S+$`;
        json['x-message'] = messageOf(def.error) ?? 'must be a full web address';
      }
      if (def.format === 'email') json['x-message'] = messageOf(def.error);
    },
  }) as JsonNode;
}

function messageOf(error: unknown): string | undefined {
  const message = typeof error === 'function' ? (error as (issue: object) => unknown)({}) : error;
  return typeof message === 'string' ? message : undefined;
}

/** "officeHours" → "Office hours". */
export function labelOf(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
  // Abbreviations stay in capitals: "faqLabel" → "FAQ label".
  const spelled = words.replace(/\b(faq|url)(s?)\b/g, (_, word: string, plural: string) => word.toUpperCase() + plural);
  return spelled.charAt(0).toUpperCase() + spelled.slice(1);
}

/** A list's name for one of its rows ("Categories" → "Category"): Decap's "Add …" button and its count of one say it. */
export function singularOf(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, 'y');
  // "Addresses" → "Address", "Aliases" → "Alias": the e belongs to the plural after s, x, ch and sh.
  if (/(ss|x|ch|sh)es$/.test(label) || /iases$/.test(label)) return label.slice(0, -2);
  return /[^s]s$/.test(label) ? label.slice(0, -1) : label;
}

/** The form fields of a schema (an object at the top), in the order the schema lists them; `type` starts their paths. */
export function cmsFields(schema: z.ZodType, type = ''): CmsField[] {
  return objectFields(jsonOf(schema), type);
}

/** The fields of an object node, each required unless the schema makes it optional or gives it a default. */
export function objectFields(json: JsonNode, path: string): CmsField[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, node]) => {
    return fieldOf(name, node, required.has(name) && node.default === undefined, `${path}.${name}`);
  });
}

/** The form field of one property: its widget from its type, its hint from its description. */
export function fieldOf(name: string, node: JsonNode, required: boolean, path: string): CmsField {
  const field: CmsField = { name, label: editorLabel(name, path, labelOf(name)), widget: 'string', ...widgetOf(name, node, path) };
  const hint = editorHint(node.description, path);
  if (hint) field.hint = hint;
  if (field.widget === 'list') field.label_singular = rowLabel(name) ?? singularOf(field.label);
  // Each row of a list of lines is called by the row's name, not the list's: "Month", twelve times, not "Months".
  if (field.field) field.field = { ...field.field, label: field.label_singular ?? field.label };
  if (!required) field.required = false;
  if (node.default !== undefined && (typeof node.default !== 'object' || node.default === null)) field.default = node.default;
  // Decap asks for the required fields of an optional group the file leaves out (a button's event): the build checks a group given.
  if (!required && field.widget === 'object' && field.fields) field.fields = field.fields.map(optional);
  return field;
}

/** A field the form does not insist on, nor do the fields inside it. */
function optional(field: CmsField): CmsField {
  const inner = field.widget === 'object' && field.fields ? { fields: field.fields.map(optional) } : {};
  return { ...field, required: false, ...inner };
}

/** The widget and its options for a JSON Schema node. */
function widgetOf(name: string, node: JsonNode, path: string): Partial<CmsField> {
  if (path === 'article.category') return categoryReference;
  const reference = folderReferences.find((r) => node.description?.includes(`content/${r.folder}/`));
  if (node.type === 'array') return listOf(name, node, path, reference);
  if (reference && node.type === 'string') return relationTo(reference);
  if (node.enum) return { widget: 'select', options: node.enum };
  if (node.anyOf) return choiceOf(node.anyOf);
  if (node.type === 'object') return { widget: 'object', collapsed: false, fields: objectFields(node, path) };
  if (node.type === 'boolean') return { widget: 'boolean' };
  if (node.type === 'integer' || node.type === 'number') return numberOf(node);
  // A plain date: the editor's own date field (cms/date-widget.ts), in the local date, with no UTC, Now or Clear.
  if (node.pattern === '^\\d{4}-\\d{2}-\\d{2}$') return { widget: dateWidget };
  const long = longTextNames.has(name) || /paragraph|sentences/i.test(node.description ?? '');
  return { widget: long ? 'text' : 'string', ...patternOf(node) };
}

function patternOf(node: JsonNode): Partial<CmsField> {
  if (!node.pattern) return {};
  return { pattern: [node.pattern, node['x-message'] ?? 'does not have the form the hint describes'] };
}

function numberOf(node: JsonNode): Partial<CmsField> {
  const field: Partial<CmsField> = { widget: 'number', value_type: node.type === 'integer' ? 'int' : 'float' };
  if (node.minimum !== undefined && Math.abs(node.minimum) < Number.MAX_SAFE_INTEGER) field.min = node.minimum;
  if (node.maximum !== undefined && Math.abs(node.maximum) < Number.MAX_SAFE_INTEGER) field.max = node.maximum;
  return field;
}

/** A choice between a number and a word ("2" or "all"): a pick list of both (numbers up to 10). */
function choiceOf(branches: JsonNode[]): Partial<CmsField> {
  const options: (string | number)[] = [];
  for (const branch of branches) {
    if (branch.const !== undefined) options.push(branch.const);
    else if (branch.enum) options.push(...branch.enum);
    else if (branch.type === 'integer') {
      for (let n = Math.max(branch.minimum ?? 0, 0); n <= Math.min(branch.maximum ?? 10, 10); n++) options.push(n);
    }
  }
  return options.length > 0 ? { widget: 'select', options } : { widget: 'string' };
}

function relationTo({ folder, display }: FolderReference): Partial<CmsField> {
  return { widget: 'relation', collection: folder, value_field: '{{slug}}', search_fields: [display], display_fields: [display] };
}

/** A list: of groups of fields, of choices (several may be picked), of references, or of lines of text. */
function listOf(name: string, node: JsonNode, path: string, reference: FolderReference | undefined): Partial<CmsField> {
  const items = node.items ?? { type: 'string' };
  const bounds: Partial<CmsField> = {};
  if (node.minItems !== undefined && node.minItems > 0) bounds.min = node.minItems;
  if (node.maxItems !== undefined) bounds.max = node.maxItems;
  if (reference) return { ...relationTo(reference), multiple: true, ...bounds };
  if (items.enum) return { widget: 'select', multiple: true, options: items.enum, ...bounds };
  if (items.type === 'object' && items.properties) {
    const fields = objectFields(items, `${path}[]`);
    // Each row is shown by its first words until it is opened: a line of text, else a paragraph, a pick from a list last.
    const first = ['string', 'text', 'relation', 'select'].map((w) => fields.find((f) => f.widget === w)).find(Boolean);
    const words = first?.widget === 'text' ? ` | truncate(60, '…')` : '';
    return { widget: 'list', collapsed: true, fields, ...(first ? { summary: `{{fields.${first.name}${words}}}` } : {}), ...bounds };
  }
  const long = /paragraph/i.test(node.description ?? '') || longTextNames.has(name);
  const item = fieldOf('item', items, true, `${path}[]`);
  return { widget: 'list', field: { ...item, label: labelOf(name), widget: long ? 'text' : item.widget }, ...bounds };
}
