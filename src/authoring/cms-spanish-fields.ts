/**
 * The forms of Spanish entries, shared by the translations' entries (cms-spanish.ts) and the first Spanish version of an
 * English entry (cms-new-spanish.ts): the translation schema's fields, each with the English it translates as its hint.
 */
import { basename } from 'node:path';
import type { z } from 'zod';
import { schemaOfFile } from '../schemas/registry.ts';
import { articleTranslationSchema, translationSchemaOf } from '../schemas/translation.ts';
import type { CmsCollection, CmsField } from './cms-config.ts';
import { cmsFields } from './cms-fields.ts';

/** The English collection a file belongs to: the one that lists it, or the folder it is in. */
export function englishCollectionOf(collections: CmsCollection[], file: string): CmsCollection | undefined {
  return collections.find((c) => c.files?.some((f) => f.file === file) || (c.folder && file.startsWith(`${c.folder}/`)));
}

/** The translation's form: the fields of its translation schema (labelled as the English form's), an article's with its text. */
export function formFields(english: string, collection: CmsCollection): CmsField[] {
  if (english.endsWith('.md')) {
    const front = cmsFields(articleTranslationSchema, 'article').filter((f) => f.name !== 'translation');
    return [...front, { name: 'body', label: 'Text', widget: 'markdown' }];
  }
  const schema = translationSchemaOf(schemaOfFile(english) as z.ZodType, basename(english));
  const type = collection.folder ? collection.name : basename(english).replace(/\.yaml$/, '');
  return cmsFields(schema, type).filter((f) => f.name !== 'translation');
}

/** A field with the English it translates as its hint (a changed one says so first). */
export function withEnglish(field: CmsField, value: unknown, changed: readonly string[]): CmsField {
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
export function spanishPage(page: string, id: string, data: Record<string, unknown>): string {
  const filled = page.replace('{{slug}}', id).replace(/\{\{fields\.(\w+)\}\}/g, (_, name: string) => String(data[name] ?? ''));
  return filled === '/' ? '/es/' : `/es${filled}`;
}
