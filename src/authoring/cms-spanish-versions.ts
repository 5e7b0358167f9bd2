/** The editor's Spanish entries as its script needs them at save time (admin/spanish.json), made from the site's content. */
import { basename } from 'node:path';
import type { z } from 'zod';
import { fieldHashes, shortHash } from '../load/translations.ts';
import type { Content } from '../schemas/content.ts';
import { schemaOfFile } from '../schemas/registry.ts';
import { translationOf, translationSchemaOf } from '../schemas/translation.ts';
import type { CmsCollection, CmsConfig } from './cms-config.ts';
import { newSpanishPrefix } from './cms-new-spanish.ts';
import { comparableText, type SpanishVersion } from './cms/spanish-versions.ts';

/** The Spanish entries of `config` (made by withSpanishOf from `content`), each with what the editor's script needs. */
export function spanishVersions(content: Content, config: CmsConfig): SpanishVersion[] {
  const translations = new Map((content.spanish?.translations ?? []).map((t) => [t.file, t]));
  const versions: SpanishVersion[] = [];
  for (const collection of config.collections.filter((c) => c.name.startsWith('es-'))) {
    const english = config.collections.find((c) => c.name === collection.name.slice('es-'.length));
    for (const file of collection.files ?? []) {
      const translation = translations.get(file.file);
      if (!english || !translation) continue;
      const id = translation.english.replace(/^.*\//, '').replace(/\.(yaml|md)$/, '');
      const entry = english.files?.find((f) => f.file === translation.english)?.name ?? id;
      const data = englishData(content, translation.english);
      const fields = Object.keys(translation.current);
      versions.push({
        collection: collection.name,
        entry: file.name,
        label: file.label.replace(/^Out of date — /, ''),
        file: file.file,
        english: { collection: english.name, entry, file: translation.english },
        from: translation.current,
        text: Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, comparableText(data[f])])),
        labels: Object.fromEntries(fields.map((f) => [f, file.fields.find((field) => field.name === f)?.label ?? f])),
      });
    }
  }
  const made = config.collections.filter((c) => c.name.startsWith(newSpanishPrefix));
  return [...versions, ...made.flatMap((c) => firstVersion(content, config, c) ?? [])];
}

/** The English file's fields as the editor holds them (an article's text under `body`, when it is in memory). */
function englishData(content: Content, file: string): Record<string, unknown> {
  const data = (content.sources.get(file)?.data ?? {}) as Record<string, unknown>;
  const body = content.articles.find((a) => a.file === file)?.markdown;
  return body === undefined ? data : { ...data, body };
}

/** The first Spanish version a collection of `newSpanishCollections` makes: its English entry, and the hashes its save records. */
function firstVersion(content: Content, config: CmsConfig, made: CmsCollection): SpanishVersion | undefined {
  const id = made.slug!;
  const file = [`${made.folder}/${id}.yaml`, `${made.folder}/${id}.md`].find((f) => content.sources.has(f));
  const english = config.collections.find((c) => made.name.startsWith(`${newSpanishPrefix}${c.name}-`) && !c.name.startsWith('es-'));
  if (!file || !english) return undefined;
  // As the loader hashes them (load/translations.ts): an article's text as loaded, a YAML file's text part.
  const article = content.articles.find((a) => a.file === file);
  if (article && article.markdown === undefined) return undefined;
  const text = article && { title: article.title, excerpt: article.excerpt, readTime: article.readTime, body: article.markdown };
  const from = text
    ? Object.fromEntries(Object.entries(text).map(([k, v]) => [k, shortHash(JSON.stringify(v))]))
    : fieldHashes(englishData(content, file), translationSchemaOf(schemaOfFile(file) as z.ZodType, basename(file)));
  return {
    collection: made.name,
    entry: id,
    label: made.label,
    file: translationOf(file),
    english: { collection: english.name, entry: english.files?.find((f) => f.file === file)?.name ?? id, file },
    from,
    text: {},
    labels: Object.fromEntries((made.fields ?? []).map((f) => [f.name, f.label])),
    first: true,
  };
}
