/**
 * The kinds of content kept in a folder of content/, one file an entry, as data: where they live, the schema they are checked
 * against, and whether a file is a markdown body under front matter (an article) or YAML alone. The loader reads every kind
 * through this table, and the incremental core knows kinds only through it; route/table.ts gives each kind its pages.
 */
import type { z } from 'zod';
import type { Article } from './article.ts';
import type { Content } from './content.ts';

/** The schemas of the folders of YAML files (loaded with zod on first need). */
const folders = async () => (await import('./registry.ts')).folders;

/** One kind of content entry. */
export interface ContentKind {
  /** The field of Content that holds its entries. */
  name: string;
  /** Its folder under content/ (sub-folders included). */
  folder: string;
  /** One entry, as messages name it ("treatment's id"). */
  what: string;
  /** A markdown file (`.md`: front matter, then a body) rather than a YAML file. */
  body: boolean;
  /** Its schema, loaded on first need (with zod; an article's alone, so that a rebuild after one changed builds no other). */
  schema(): Promise<z.ZodType>;
}

/** Every kind of content entry, in the order they are read. */
export const contentKinds: ContentKind[] = [
  { name: 'treatments', folder: 'treatments', what: 'treatment', body: false, schema: async () => (await folders()).treatments.schema },
  { name: 'programs', folder: 'programs', what: 'program', body: false, schema: async () => (await folders()).programs.schema },
  { name: 'services', folder: 'services', what: 'service page', body: false, schema: async () => (await folders()).services.schema },
  { name: 'articles', folder: 'blog', what: 'article', body: true, schema: async () => (await import('./article.ts')).articleSchema },
  { name: 'legal', folder: 'legal', what: 'legal page', body: false, schema: async () => (await folders()).legal.schema },
  { name: 'providers', folder: 'providers', what: 'provider', body: false, schema: async () => (await folders()).providers.schema },
];

/** The kinds whose files are markdown. */
export function bodiedKinds(): ContentKind[] {
  return contentKinds.filter((kind) => kind.body);
}

/** Every entry with a markdown body, of every such kind, each kind's in its order (newest first for articles). */
export function bodiedEntries(content: Content): Article[] {
  return bodiedKinds().flatMap((kind) => (content as unknown as Record<string, Article[] | undefined>)[kind.name] ?? []);
}
