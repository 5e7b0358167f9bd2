/** JSON Schemas for editors and the field reference of the content guide, generated from the zod schemas. */
import { z } from 'zod';
import { articleSchema, folders, singleFiles } from '../schemas/registry.ts';
import { iconNames } from '../schemas/common.ts';
import { articleTranslationSchema, translationSchemaOf } from '../schemas/translation.ts';

/** One content type: the schema file it gets, where its files live, and its schema. */
export interface ContentType {
  name: string;
  /** Which files it describes, as a glob relative to the project. */
  files: string;
  schema: z.ZodType;
}

/** Every content type, in the order the guide lists them. */
export function contentTypes(): ContentType[] {
  const singles = Object.values(singleFiles).map((s) => ({
    name: s.file.replace(/\.yaml$/, ''),
    files: `content/${s.file}`,
    schema: s.schema as z.ZodType,
  }));
  const many = Object.values(folders).map((f) => ({
    name: f.dir.replace(/s$/, ''),
    files: `content/${f.dir}/*.yaml`,
    schema: f.schema as z.ZodType,
  }));
  return [...singles, ...many, { name: 'article', files: 'content/blog/*.md (front matter)', schema: articleSchema }];
}

/** The Spanish translation of every YAML content type but redirects (no text): its text fields only, and `translation:`. */
export function translationTypes(): ContentType[] {
  const singles = Object.values(singleFiles)
    .filter((s) => s.file !== 'redirects.yaml')
    .map((s) => ({
      name: `${s.file.replace(/\.yaml$/, '')}.es`,
      files: `content/${s.file.replace(/\.yaml$/, '.es.yaml')}`,
      schema: translationSchemaOf(s.schema, s.file),
    }));
  const many = Object.values(folders).map((f) => ({
    name: `${f.dir.replace(/s$/, '')}.es`,
    files: `content/${f.dir}/*.es.yaml`,
    schema: translationSchemaOf(f.schema, `${f.dir}.yaml`),
  }));
  return [...singles, ...many, { name: 'article.es', files: 'content/blog/*.es.md (front matter)', schema: articleTranslationSchema }];
}

/** The JSON Schema files to write under schemas/, by file name. */
export function editorSchemas(): Map<string, string> {
  const files = new Map<string, string>();
  for (const type of [...contentTypes(), ...translationTypes()]) {
    const json = z.toJSONSchema(type.schema, { io: 'input', unrepresentable: 'any', target: 'draft-7' }) as Record<string, unknown>;
    json.title = `clinic-site: ${type.files}`;
    files.set(`${type.name}.schema.json`, `${JSON.stringify(json, null, 2)}\n`);
  }
  return files;
}

/** The editor settings that map each content file to its schema (VS Code's YAML extension). */
export function editorSettings(): string {
  const schemas: Record<string, string | string[]> = {};
  // A folder's English files leave out its translations (ssri.es.yaml), which have a schema of their own.
  for (const type of contentTypes()) {
    if (type.files.endsWith('(front matter)')) continue;
    const translations = `!${type.files.replace(/\*\.yaml$/, '*.es.yaml')}`;
    schemas[`./schemas/${type.name}.schema.json`] = type.files.endsWith('/*.yaml') ? [type.files, translations] : type.files;
  }
  for (const type of translationTypes()) {
    if (!type.files.endsWith('(front matter)')) schemas[`./schemas/${type.name}.schema.json`] = type.files;
  }
  const settings = { 'yaml.schemas': schemas, 'yaml.validate': true, 'yaml.completion': true, 'files.associations': { '*.yaml': 'yaml' } };
  return `${JSON.stringify(settings, null, 2)}\n`;
}

type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  default?: unknown;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};

/** The field reference: one table per content type, from the same schemas the build validates with. */
export function fieldReference(): string {
  const sections: string[] = [];
  for (const type of contentTypes()) {
    const json = z.toJSONSchema(type.schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    const rows: string[] = [];
    walk(json, '', rows);
    sections.push(`### ${type.name} — \`${type.files}\`\n\n| Field | Kind | Required | Meaning |\n|---|---|---|---|\n${rows.join('\n')}`);
  }
  // The icon names, listed once here instead of in every row that takes an icon.
  sections.push(`### Icons\n\nEvery field of the kind *icon name* takes one of: ${iconNames.map((n) => `\`${n}\``).join(', ')}.`);
  return sections.join('\n\n');
}

function kind(schema: JsonSchema): string {
  if (schema.enum && schema.enum.length === iconNames.length && iconNames.every((n) => schema.enum!.includes(n))) return 'icon name';
  if (schema.enum) return `one of: ${schema.enum.map((v) => `\`${String(v)}\``).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(kind).join(' or ');
  if (schema.type === 'array') return `list of ${schema.items ? plural(kind(schema.items)) : 'values'}`;
  if (schema.type === 'object') return 'group of fields';
  const names: Record<string, string> = { string: 'text', integer: 'whole number', number: 'number', boolean: 'true or false' };
  return names[String(schema.type)] ?? 'value';
}

function plural(text: string): string {
  return text
    .replace(/^group of fields$/, 'groups of fields')
    .replace(/^text$/, 'texts')
    .replace(/^one of:/, 'each one of:');
}

function walk(schema: JsonSchema, prefix: string, rows: string[]): void {
  const properties = schema.properties ?? (schema.type === 'array' ? schema.items?.properties : undefined);
  const required = new Set(schema.required ?? (schema.type === 'array' ? schema.items?.required : undefined) ?? []);
  if (!properties) {
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      walk(schema.additionalProperties, `${prefix}<route>.`, rows);
    return;
  }
  for (const [name, field] of Object.entries(properties)) {
    const path = `${prefix}${name}`;
    const hasDefault = field.default !== undefined;
    rows.push(
      `| \`${path}\` | ${kind(field).replace(/\|/g, '\\|')} | ${required.has(name) && !hasDefault ? 'yes' : 'no'} | ` +
        `${(field.description ?? '').replace(/\|/g, '\\|')} |`,
    );
    const inner = field.type === 'array' ? field.items : field;
    if (inner?.properties || (inner?.anyOf === undefined && inner?.additionalProperties && typeof inner.additionalProperties === 'object'))
      walk(inner, `${path}${field.type === 'array' ? '[].' : '.'}`, rows);
  }
}
