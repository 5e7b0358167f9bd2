/**
 * A translation's schema, derived from the English file's: the same fields, text only (ids, prices in
 * their own fields, links, dates, images and flags come from the English file), plus `translation`,
 * which records what the translation was made from and who reviewed it; and how a translation's file is named.
 */
import { z } from 'zod';
import { synonymSchema } from './search.ts';

/**
 * Plain-text fields that are not visitor text, in any file (the schema tells the others apart: ids, links,
 * images, dates, numbers and flags have a pattern, a format or another type, and are never translated).
 */
const notText = new Set([
  'address',
  'bookingServices',
  'containerId',
  'officeHours.opens',
  'officeHours.closes',
  'event',
  'phoneEvent',
  'reviewedBy',
  'sources',
  'author',
  'price',
]);

/** Fields that are text in general but names, ids or numbers in one file (the brand's name, the crisis number). */
const notTextIn: Record<string, readonly string[]> = {
  'site.yaml': ['name', 'shortName', 'defaultAuthor', 'crisisLine.number'],
  'language-assistance.yaml': ['taglines'],
  // The words patients type: a page's words find its Spanish page too (brand names, abbreviations).
  'search.yaml': ['synonyms'],
};

/**
 * Fields a translation has of its own, that its English file has not (so never compared with it, nor laid over it): the words
 * patients of that language type for pages (search), which are not translations of the English words.
 */
const ownFields: Record<string, () => Record<string, z.ZodType>> = {
  'search.yaml': () => ({
    patientWords: z
      .array(synonymSchema)
      .optional()
      .describe('Words patients type in this language for a page, such as bochornos: the English words find the page too.'),
  }),
};

/** Whether the plain-text field at `path` (keys only, list positions left out) of the English file `file` (its name) is visitor text. */
export function isTextField(file: string, path: readonly string[]): boolean {
  const key = path[path.length - 1];
  // The interface strings are text, every one of them.
  if (key === undefined || file === 'strings.yaml') return true;
  if (notText.has(key) || notText.has(path.slice(-2).join('.'))) return false;
  return !(notTextIn[file] ?? []).includes(path.join('.'));
}

/** What a translation records about itself: the English text it was made from, and its review by a qualified medical translator. */
export const translationRecord = z
  .strictObject({
    from: z
      .record(z.string(), z.string().regex(/^[\w-]{8}$/, 'must be the 8-letter hash `clinic-site translated` writes'))
      .default({})
      .describe('The hash of each English field this translation was made from; `clinic-site translated FILE` writes it.'),
    reviewedBy: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe('Who reviewed the translation: a qualified medical translator. Leave out until one has.'),
    reviewedOn: z.iso.date('must be a date written YYYY-MM-DD').optional().describe('The day of that review, YYYY-MM-DD.'),
  })
  // A date without a reviewer would be read as no review at all, with no word said.
  .refine((record) => record.reviewedOn === undefined || record.reviewedBy !== undefined, {
    path: ['reviewedOn'],
    error: 'gives a review date but no reviewer: add "reviewedBy:" with the name of the medical translator who reviewed it',
  })
  .default({ from: {} })
  .describe('What this translation was made from and who reviewed it.');
export type TranslationRecord = z.infer<typeof translationRecord>;

/**
 * A translation's own `awaitingCounsel`, when its English file has one (legal pages, the language notice): counsel approves
 * the translated text apart from the English, so the English file's approval never stands for it.
 */
function counselOf(schema: z.ZodType): Record<string, z.ZodType> {
  if (!(schema instanceof z.ZodObject) || !Object.hasOwn(schema.shape, 'awaitingCounsel')) return {};
  const flag = z
    .boolean()
    .optional()
    .describe(
      "true while the clinic's legal counsel has not approved this translation: check --launch lists it. Remove it once counsel has.",
    );
  return { awaitingCounsel: flag };
}

/** The translation schema of a YAML file checked with `schema` (its name `file`, such as home.yaml): text fields only, all optional. */
export function translationSchemaOf(schema: z.ZodType, file: string): z.ZodType {
  // Made once per schema and file: deriving one walks the whole English schema, on every build of the dev server.
  const made = derivedSchemas.get(schema) ?? new Map<string, z.ZodType>();
  derivedSchemas.set(schema, made);
  let translation = made.get(file);
  if (!translation) made.set(file, (translation = deriveTranslationSchema(schema, file)));
  return translation;
}

const derivedSchemas = new WeakMap<z.ZodType, Map<string, z.ZodType>>();

function deriveTranslationSchema(schema: z.ZodType, file: string): z.ZodType {
  const derived = textOnly(schema, file, []);
  // A file keyed by address (metadata.yaml): each entry is checked as the English ones are, translation: aside.
  if (derived instanceof z.ZodRecord) {
    const keyType = schema instanceof z.ZodRecord ? (schema.keyType as z.ZodType) : z.string();
    // Keys the English file could not have either ("constructor:", "process:"), each at its line.
    return z
      .object({ translation: translationRecord })
      .catchall(derived.valueType as z.ZodType)
      .superRefine((value, context) => {
        for (const key of Object.keys(value)) {
          if (key === 'translation' || keyType.safeParse(key).success) continue;
          context.addIssue({ code: 'custom', path: [key], input: key, message: 'is not an address: it must be a route such as /process' });
        }
      });
  }
  const shape = derived instanceof z.ZodObject ? derived.shape : {};
  return z.strictObject({ ...shape, ...ownFields[file]?.(), ...counselOf(schema), translation: translationRecord });
}

/** The text part of `schema`: objects keep their text fields (optional, strict), lists their items', strings stay; the rest goes. */
function textOnly(schema: z.ZodType, file: string, path: string[]): z.ZodType | undefined {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  switch (def.type) {
    case 'string': {
      // A pattern or a format (an id, a link, a date, a phone number) marks a value, not text.
      const checks = (def.checks as { _zod: { def: { check: string } } }[] | undefined) ?? [];
      if (def.format !== undefined || checks.some((c) => c._zod.def.check === 'string_format')) return undefined;
      return z.string().trim().min(1, 'must not be empty');
    }
    case 'optional':
    case 'default':
    case 'nullable':
    case 'prefault':
    case 'readonly':
      return textOnly(def.innerType as z.ZodType, file, path);
    case 'pipe':
      return textOnly(def.in as z.ZodType, file, path) ?? textOnly(def.out as z.ZodType, file, path);
    case 'array': {
      const item = textOnly(def.element as z.ZodType, file, path);
      return item && z.array(item);
    }
    case 'record': {
      const value = textOnly(def.valueType as z.ZodType, file, path);
      return value && z.record(z.string(), value);
    }
    case 'object': {
      const shape: Record<string, z.ZodType> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (!isTextField(file, [...path, key])) continue;
        const text = textOnly(field, file, [...path, key]);
        if (text) shape[key] = text.optional().describe(field.description ?? '');
      }
      return Object.keys(shape).length > 0 ? z.strictObject(shape) : undefined;
    }
    case 'union': {
      // A field that is text in one form and a group in another: the translation writes the same form.
      const options = (def.options as z.ZodType[]).map((o) => textOnly(o, file, path)).filter((o) => o !== undefined);
      return options.length === 0 ? undefined : options.length === 1 ? options[0] : z.union(options as [z.ZodType, z.ZodType]);
    }
    default:
      return undefined;
  }
}

/** The front matter a Spanish article may have: its text, and the record of its translation. */
export const articleTranslationSchema = z.strictObject({
  title: z.string().trim().min(1, 'must not be empty').describe("The article's title, translated."),
  excerpt: z.string().trim().min(1, 'must not be empty').describe('Its excerpt, translated.'),
  readTime: z.string().trim().min(1, 'must not be empty').describe('Its read time, as the language writes it ("8 min de lectura").'),
  translation: translationRecord,
});

/** The language of the translations, as file names and addresses write it. */
export const translationLanguage = 'es';

/** The translation of an English content file: `content/treatments/ssri.yaml` → `content/treatments/ssri.es.yaml`. */
export function translationOf(file: string): string {
  return file.replace(/\.(yaml|md)$/, `.${translationLanguage}.$1`);
}

/** Whether a content file is a translation (`ssri.es.yaml`, `hrt-glow-up.es.md`): the English loaders leave it to the Spanish site's. */
export function isTranslationFile(path: string): boolean {
  return translationEnd.test(path);
}

/** The English file of a translation: `content/treatments/ssri.es.yaml` → `content/treatments/ssri.yaml`. */
export function englishOf(file: string): string {
  return file.replace(translationEnd, '.$1');
}

const translationEnd = /\.[a-z]{2}\.(yaml|md)$/;
