/**
 * Every content type's schema, by where its files live. Loading this module loads zod and builds
 * the schemas, so the loader imports it only when a file has to be validated (a warm build whose
 * files are unchanged never does).
 */
import { articleSchema } from './article.ts';
import { metadataSchema, navigationSchema, programSchema, treatmentSchema } from './catalogue.ts';
import { inbodySchema } from './inbody.ts';
import { labSalesSchema } from './lab.ts';
import { legalPageSchema } from './legal.ts';
import { providerSchema } from './review.ts';
import { membershipsSchema } from './memberships.ts';
import { blogPageSchema, homeSchema, notFoundSchema, processSchema } from './pages.ts';
import { redirectsSchema } from './redirects.ts';
import { searchSchema } from './search.ts';
import { servicePageSchema } from './service.ts';
import { siteSchema } from './site.ts';
import { stringsSchema } from './strings.ts';
import { languageAssistanceSchema } from './language-assistance.ts';
import { costsSchema } from './costs.ts';

/** The single-file content types: file name under content/ and schema. */
export const singleFiles = {
  site: { file: 'site.yaml', schema: siteSchema },
  navigation: { file: 'navigation.yaml', schema: navigationSchema },
  metadata: { file: 'metadata.yaml', schema: metadataSchema },
  home: { file: 'home.yaml', schema: homeSchema },
  blogPage: { file: 'blog.yaml', schema: blogPageSchema },
  process: { file: 'process.yaml', schema: processSchema },
  notFound: { file: 'not-found.yaml', schema: notFoundSchema },
  memberships: { file: 'memberships.yaml', schema: membershipsSchema },
  labSales: { file: 'lab-sales.yaml', schema: labSalesSchema },
  inbody: { file: 'inbody-analysis.yaml', schema: inbodySchema },
  strings: { file: 'strings.yaml', schema: stringsSchema },
  languageAssistance: { file: 'language-assistance.yaml', schema: languageAssistanceSchema },
  costs: { file: 'cost-and-insurance.yaml', schema: costsSchema },
  search: { file: 'search.yaml', schema: searchSchema },
  /** Optional: a site without old addresses has no such file. */
  redirects: { file: 'redirects.yaml', schema: redirectsSchema },
} as const;

/** The folder content types: one YAML file per entity, the file name being its id. */
export const folders = {
  treatments: { dir: 'treatments', schema: treatmentSchema },
  programs: { dir: 'programs', schema: programSchema },
  services: { dir: 'services', schema: servicePageSchema },
  legal: { dir: 'legal', schema: legalPageSchema },
  providers: { dir: 'providers', schema: providerSchema },
} as const;

export { articleSchema };

/** The schema of an English content file, by its path (content/treatments/ssri.yaml), for its translation's; undefined for articles. */
export function schemaOfFile(file: string): import('zod').ZodType | undefined {
  const [, dir, name] = /^content\/(?:([a-z-]+)\/)?([^/]+\.yaml)$/.exec(file) ?? [];
  if (!name) return undefined;
  if (dir) return Object.values(folders).find((f) => f.dir === dir)?.schema;
  return Object.values(singleFiles).find((f) => f.file === name)?.schema;
}
