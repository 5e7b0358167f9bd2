/**
 * Loading the Spanish translations: `NAME.es.yaml` beside `NAME.yaml`, `SLUG.es.md` beside `SLUG.md`. A
 * translation holds only the text a visitor reads; everything else comes from the English file, so the
 * Spanish content is the English content with the translated text laid over it.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { problems, type SiteError } from '../errors.ts';
import { hashOf } from '../hash.ts';
import type { Article } from '../schemas/article.ts';
import type { BlogPage } from '../schemas/pages.ts';
import { articleTranslationSchema, translationRecord, translationSchemaOf } from '../schemas/translation.ts';
import { englishOf, isTranslationFile, translationLanguage, translationOf } from '../schemas/translation.ts';
import type { TranslationRecord } from '../schemas/translation.ts';
import { articleSchema } from '../schemas/article.ts';
import { fieldLabel } from '../validate/schema.ts';
import { closest } from '../suggest.ts';
import { loadArticle } from './article.ts';
import { readContentFileSync, withoutDoubledExtension } from '../read.ts';
import type { Content, LanguageSite, TranslationFile, YamlSource } from '../schemas/content.ts';

/** Reads one translation YAML file through the load stage's reader, checked against its derived schema. */
export type TranslationReader = (path: string, file: string, schema: z.ZodType) => Promise<ReadTranslation | undefined>;

/** A translation file as the reader hands it back. */
export interface ReadTranslation {
  source: YamlSource;
  value: unknown;
  hash: string;
}

/** The files every Spanish page shows (the header, footer and interface strings): with one translated, all must be. */
const shellFiles = ['content/site.yaml', 'content/navigation.yaml', 'content/metadata.yaml'];
/** Files every Spanish page shows: a field of theirs whose English changed and no longer matches is shown in English meanwhile. */
const everyPage = new Set([...shellFiles, 'content/strings.yaml']);

/**
 * The Spanish site: the English content with each translated file's text laid over it, or undefined
 * when content/strings.es.yaml does not exist (the site is then published in English only). Problems
 * (unknown or missing fields, figures not carried over, translations without an English file) go to `errors`.
 */
export async function loadTranslations(
  english: Content,
  schemaFor: (file: string) => z.ZodType | undefined,
  read: TranslationReader,
  keep: <T>(english: string, translated: string, compare: () => T) => T,
  errors: SiteError[],
): Promise<LanguageSite | undefined> {
  const root = english.root;
  // One look at the folders (not a look per English file: the blog may hold thousands).
  const present = translationFilesIn(root);
  const translations: TranslationFile[] = [];
  const values = new Map<string, unknown>();
  // In file order, so that every build lists the translations alike (the loaders finish in any order).
  const yamlFiles = [...english.sources].filter(([f]) => f.endsWith('.yaml') && !isTranslationFile(f)).sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [file, source] of yamlFiles) {
    const translated = translationOf(file);
    const path = join(root, translated);
    if (!present.has(translated)) continue;
    const english = schemaFor(file);
    if (!english) continue;
    const schema = translationSchemaOf(english, basename(file));
    const loaded = await read(path, translated, schema);
    if (!loaded || loaded.value === undefined) continue;
    const record = (loaded.value as { translation: TranslationRecord }).translation;
    const { current, mismatched, found } = keep(file, translated, () => compared(source, loaded.source, schema, record, file));
    errors.push(...found);
    const entry: TranslationFile = { file: translated, english: file, record, current, source: loaded.source };
    translations.push(entry);
    if (mismatched.size === 0) values.set(file, loaded.value);
    else if (everyPage.has(file)) {
      // Shown in English until translated again: the Spanish site cannot do without the file.
      const value = { ...(loaded.value as Record<string, unknown>) };
      for (const field of mismatched) delete value[field];
      values.set(file, value);
      entry.inEnglish = [...mismatched];
    } else entry.setAside = true;
  }
  const articles = loadArticleTranslations(english, translations, present, errors);
  reportOrphans(present, english, errors);
  if (!values.has('content/strings.yaml')) return undefined;
  const strings = { file: 'content/strings.es.yaml', line: 1, column: 1 };
  for (const needed of shellFiles) if (!values.has(needed)) errors.push(problems.translationIncomplete(strings, needed));
  const content = spanishContent(english, values, articles);
  const translated = new Set(translations.filter((t) => !t.setAside).map((t) => t.english));
  return { lang: translationLanguage, content, translations, translated };
}

/**
 * A translation's text against its English file's: the hash of each English field, the fields whose English changed since
 * the translation was made and that no longer match it (what "stale" means: a warning), and the translator's mistakes in
 * the other fields.
 */
function compared(english: YamlSource, translation: YamlSource, schema: z.ZodType, record: TranslationRecord, file: string) {
  const current = fieldHashes(english.data, schema);
  const stale = new Set(Object.keys(current).filter((field) => record.from[field] !== current[field]));
  const mismatched = new Set<string>();
  const found: SiteError[] = unknownFromKeys(record, recordedFields(schema), translation, file);
  compareText(english.data, translation.data, schema, [], translation, (path, error) => {
    const field = String(path[0]);
    if (stale.has(field)) mismatched.add(field);
    else found.push(error);
  });
  return { current, mismatched, found };
}

/**
 * A key under `translation: from:` that names no field of the file (a typo): its hash would never be compared, so the field it
 * meant would never be reported stale. `fields`: the file's fields; none to check against in a file keyed by address (metadata).
 */
function unknownFromKeys(record: TranslationRecord, fields: readonly string[] | undefined, translation: YamlSource, english: string) {
  if (!fields) return [];
  return Object.keys(record.from)
    .filter((key) => !fields.includes(key))
    .map((key) => {
      const loc = translation.locate(['translation', 'from', key], true);
      return problems.translationUnknownFrom(loc, key, english, closest(key, fields, 1)[0], [...fields]);
    });
}

/** The fields a translation checked with `schema` may record, or undefined when any key may be one (a file keyed by address). */
function recordedFields(schema: z.ZodType): string[] | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const rest = schema.def.catchall;
  if (rest && !(rest instanceof z.ZodNever)) return undefined;
  return Object.keys(schema.shape).filter((key) => key !== 'translation');
}

/** What a Spanish article records it was made from. */
const articleFields = ['title', 'excerpt', 'readTime', 'body'];

/** The English content with the translated text of `values` (by English file) laid over it, and the Spanish articles. */
function spanishContent(english: Content, values: Map<string, unknown>, articles: Article[]): Content {
  const over = <T>(file: string, value: T): T => (values.has(file) ? overlay(value, values.get(file)) : value);
  const each = <T extends { id: string }>(dir: string, map: Map<string, T>) =>
    new Map([...map].map(([id, v]) => [id, over(`content/${dir}/${id}.yaml`, v)]));
  const site = over('content/site.yaml', english.site);
  return {
    ...english,
    site: { ...site, language: translationLanguage },
    navigation: over('content/navigation.yaml', english.navigation),
    metadata: over('content/metadata.yaml', english.metadata),
    home: over('content/home.yaml', english.home),
    ...blogInLanguage(english.blogPage, values.get('content/blog.yaml')),
    process: over('content/process.yaml', english.process),
    notFound: over('content/not-found.yaml', english.notFound),
    memberships: over('content/memberships.yaml', english.memberships),
    labSales: over('content/lab-sales.yaml', english.labSales),
    inbody: over('content/inbody-analysis.yaml', english.inbody),
    strings: over('content/strings.yaml', english.strings),
    languageAssistance: withCounsel(
      over('content/language-assistance.yaml', english.languageAssistance),
      values.get('content/language-assistance.yaml'),
    ),
    costs: over('content/cost-and-insurance.yaml', english.costs),
    search: over('content/search.yaml', english.search),
    treatments: each('treatments', english.treatments),
    programs: each('programs', english.programs),
    providers: each('providers', english.providers),
    services: english.services.map((s) => over(`content/services/${s.id}.yaml`, s)),
    legal: english.legal.map((l) => {
      const file = `content/legal/${l.id}.yaml`;
      return withCounsel(over(file, l), values.get(file));
    }),
    articles,
  };
}

/** A page in the translation's language awaits counsel while its English does, or while its translation says so of its own text. */
function withCounsel<T extends { awaitingCounsel: boolean }>(page: T, translation: unknown): T {
  const own = isGroup(translation) && translation.awaitingCounsel === true;
  return own && !page.awaitingCounsel ? { ...page, awaitingCounsel: true } : page;
}

/**
 * The blog's copy in the translation's language; its categories keep the names articles give them (which find their colour,
 * crisis line and page), and `categoryNames` gives the name each shows in the language.
 */
function blogInLanguage(english: BlogPage, translation: unknown): { blogPage: BlogPage; categoryNames: Map<string, string> } {
  if (translation === undefined) return { blogPage: english, categoryNames: new Map() };
  const shown = overlay(english, translation);
  const categoryNames = new Map(english.categories.map((c, i) => [c.name, shown.categories[i]?.name ?? c.name]));
  return { blogPage: { ...shown, categories: english.categories }, categoryNames };
}

/** `value` with the strings of `translation` at the same places (lists entry by entry); `translation:` itself is left out. */
export function overlay<T>(value: T, translation: unknown): T {
  if (typeof translation === 'string') return (typeof value === 'string' ? translation : value) as T;
  if (Array.isArray(value) && Array.isArray(translation)) {
    return value.map((v, i) => (i < translation.length ? overlay(v, translation[i]) : v)) as T;
  }
  if (isGroup(value) && isGroup(translation)) {
    const result: Record<string, unknown> = { ...value };
    for (const [key, text] of Object.entries(translation)) {
      if (key !== 'translation' && Object.hasOwn(value, key)) result[key] = overlay(value[key], text);
    }
    return result as T;
  }
  return value;
}

function isGroup(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A zod schema's definition, to walk the derived translation schema alongside the data. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
  catchall?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** `schema` without optional and default wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let node = schema;
  const wrappers = ['optional', 'default', 'nullable', 'prefault'];
  for (let def = defOf(node); def.innerType && wrappers.includes(def.type); def = defOf(node)) node = def.innerType;
  return node;
}

/** The schema of the field `key` of a group (its own, or the catch-all of a file keyed by address), if it is text. */
function fieldSchema(schema: z.ZodType, key: string): z.ZodType | undefined {
  const def = defOf(unwrapped(schema));
  if (def.type !== 'object') return def.type === 'record' ? def.valueType : undefined;
  const catchall = key === 'translation' || defOf(def.catchall ?? z.never()).type === 'never' ? undefined : def.catchall;
  // Own fields only: a key such as "constructor" would otherwise find what every object inherits.
  return (def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : undefined) ?? catchall;
  if (def.type === 'record') return def.valueType;
  return undefined;
}

/** The schema of a list's entries (for a union of a text and a list, the list's). */
function entrySchema(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(unwrapped(schema));
  if (def.type === 'array') return def.element;
  if (def.type === 'union') return def.options?.map(entrySchema).find((s) => s !== undefined);
  return undefined;
}

/** The visitor text of a parsed English value, as its translation schema `schema` says, or undefined when it holds none. */
function textPart(value: unknown, schema: z.ZodType | undefined): unknown {
  if (!schema) return undefined;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const entry = entrySchema(schema);
    const items = value.map((v) => textPart(v, entry));
    return items.some((i) => i !== undefined) ? items : undefined;
  }
  if (isGroup(value)) {
    const parts = Object.entries(value).map(([k, v]) => [k, textPart(v, fieldSchema(schema, k))] as const);
    const kept = parts.filter(([, v]) => v !== undefined);
    return kept.length > 0 ? Object.fromEntries(kept) : undefined;
  }
  return undefined;
}

/** A short hash of each top-level text field of an English file's data: what a translation records it was made from. */
export function fieldHashes(data: unknown, schema: z.ZodType): Record<string, string> {
  const text = textPart(data, schema);
  if (!isGroup(text)) return {};
  return Object.fromEntries(Object.entries(text).map(([key, value]) => [key, shortHash(JSON.stringify(value))]));
}

/** An 8-letter hash, as translations record it. */
export function shortHash(text: string): string {
  return hashOf(text).slice(0, 8);
}

/** The figures of a text (numbers, times, ranges' ends): each must appear in its translation too. */
function figuresOf(text: string): string[] {
  return [...new Set(text.match(/\d+(?:[.:]\d+)*/g) ?? [])];
}

/**
 * Reports, in the translation's source, each text the English has and the translation lacks (with the
 * English shown), each list of another length, and each figure of an English text its translation leaves out.
 */
function compareText(
  english: unknown,
  translation: unknown,
  schema: z.ZodType | undefined,
  path: (string | number)[],
  source: YamlSource,
  report: (path: (string | number)[], error: SiteError) => void,
): void {
  const text = textPart(english, schema);
  if (text === undefined) return;
  if (translation === undefined) {
    report(path, problems.translationMissingText(source.locate(path), fieldLabel(path), firstText(text)));
    return;
  }
  if (typeof english === 'string' && typeof translation === 'string') {
    for (const figure of figuresOf(english)) {
      if (figuresOf(translation).includes(figure)) continue;
      report(path, problems.translationFigure(source.locate(path), fieldLabel(path), figure, english));
    }
  } else if (Array.isArray(english) && Array.isArray(translation)) {
    if (english.length !== translation.length) {
      const detail = `has ${translation.length} entr${translation.length === 1 ? 'y' : 'ies'}, but the English has ${english.length}`;
      report(path, problems.translationMismatch(source.locate(path), fieldLabel(path), detail));
    } else english.forEach((e, i) => compareText(e, translation[i], entrySchema(schema!), [...path, i], source, report));
  } else if (isGroup(english) && isGroup(translation)) {
    for (const key of Object.keys(english)) {
      compareText(english[key], translation[key], fieldSchema(schema!, key), [...path, key], source, report);
    }
  }
}

/** The first text of a value, to show what a missing translation should translate. */
function firstText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstText).find((t) => t !== '') ?? '';
  if (isGroup(value))
    return (
      Object.values(value)
        .map(firstText)
        .find((t) => t !== '') ?? ''
    );
  return '';
}

/**
 * The Spanish articles (`SLUG.es.md` beside a published English article): front matter and body from
 * the translation, every other field from the English article; newest first, as the English ones.
 */
function loadArticleTranslations(
  english: Content,
  translations: TranslationFile[],
  present: ReadonlySet<string>,
  errors: SiteError[],
): Article[] {
  const spanish: Article[] = [];
  // The English articles translated, in their order: a look-up each, not a file name made for each of thousands.
  const translated = new Set([...present].filter((f) => f.endsWith('.md')).map(englishOf));
  for (const article of english.articles) {
    if (!translated.has(article.file)) continue;
    const file = translationOf(article.file);
    const path = join(english.root, file);
    const read = readContentFileSync(path, file, 'an article file');
    if (read.error) {
      errors.push(read.error);
      continue;
    }
    const englishFront = (english.sources.get(article.file)?.data ?? {}) as Record<string, unknown>;
    // The translation's own fields are checked strictly; the English ones then make the article whole.
    const schema = articleTranslationSchema.transform((t) => ({
      ...articleSchema.parse(englishFront),
      title: t.title,
      excerpt: t.excerpt,
      readTime: t.readTime,
    }));
    const loaded = loadArticle(file, read.text, schema as unknown as typeof articleSchema, errors);
    if (!loaded) continue;
    // The record as validated (with its defaults): the source holds it as written, perhaps not at all.
    const record = translationRecord.parse((loaded.source.data as { translation?: unknown }).translation);
    const body = article.markdown ?? readEnglishBody(english.root, article);
    const englishText = { title: article.title, excerpt: article.excerpt, readTime: article.readTime, body };
    const current = Object.fromEntries(Object.entries(englishText).map(([k, v]) => [k, shortHash(JSON.stringify(v))]));
    const entry: TranslationFile = { file, english: article.file, record, current, source: loaded.source };
    translations.push(entry);
    const before = errors.length;
    errors.push(...unknownFromKeys(record, articleFields, loaded.source, article.file));
    if (!loaded.article.markdown?.trim() && body.trim()) {
      errors.push(problems.translationEmptyBody({ file, line: loaded.article.bodyLine, column: 1 }, article.file));
    }
    for (const [key, value] of Object.entries(englishText)) {
      const given = key === 'body' ? loaded.article.markdown : (loaded.source.data as Record<string, string>)[key];
      for (const figure of key === 'body' ? [] : figuresOf(value)) {
        if (figuresOf(given ?? '').includes(figure)) continue;
        // Its English changed since: the article waits, in English only, until it is translated again.
        if (record.from[key] !== current[key]) entry.setAside = true;
        else errors.push(problems.translationFigure(loaded.source.locate([key]), key, figure, value));
      }
    }
    if (errors.length > before || entry.setAside) continue;
    const { slug, file: _file, ...rest } = loaded.article;
    // Its page is made from the English article's fields too (date, review, image): its key follows both files.
    const sourceHash = hashOf(rest.sourceHash, article.sourceHash);
    spanish.push({ ...rest, slug: article.slug, file, sourceHash, cardHash: hashOf(loaded.article.cardHash, article.slug) });
  }
  return spanish;
}

/** An English article's body read again (the memo keeps no bodies). */
function readEnglishBody(root: string, article: Article): string {
  const text = readContentFileSync(join(root, article.file), article.file, 'an article file').text ?? '';
  return text.slice(article.bodyOffset);
}

/** The translation files of content/ and of its folders that hold translations, by path (content/treatments/ssri.es.yaml). */
function translationFilesIn(root: string): Set<string> {
  const present = new Set<string>();
  const folders = ['treatments', 'programs', 'services', 'legal', 'providers', 'blog'].map((dir) => `content/${dir}`);
  const look = (dir: string, deeper: boolean) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      // The blog's articles may be in folders of their own (Node's recursive listing is ten times slower than this).
      if (entry.isDirectory() && deeper && !entry.name.startsWith('.')) look(`${dir}/${entry.name}`, true);
      else if (isTranslationFile(entry.name) && !entry.name.startsWith('.')) present.add(`${dir}/${entry.name}`);
    }
  };
  for (const dir of ['content', ...folders]) look(dir, dir === 'content/blog');
  return present;
}

/** Each translation file whose English file does not exist. */
function reportOrphans(present: ReadonlySet<string>, english: Content, errors: SiteError[]): void {
  for (const file of present) {
    const original = englishOf(file);
    if (english.sources.has(original)) continue;
    // "x.md.md" looks like a translation into a language "md": its name is what is wrong.
    const renamed = withoutDoubledExtension(file);
    const loc = { file, line: 1, column: 1 };
    errors.push(renamed ? problems.doubledExtension(loc, renamed) : problems.translationAlone(loc, original));
  }
}
