/**
 * The YAML the loader accepts (loadYamlText, loadArticle: what loadContent runs on each file) is
 * exactly what the strict, position-aware parser accepts: seeded
 * mutations of every real content/ YAML file and article front matter (tabs, indentation, deleted
 * and duplicated characters and lines, stray symbols) must never load when the strict parser
 * rejects them, and must load to the same data when it accepts them.
 * CLINIC_SITE_YAML_SEED replays a run; CLINIC_SITE_YAML_COUNT runs more mutations.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadArticle } from '../../src/load/article.ts';
import { loadYamlText } from '../../src/load/content.ts';
import { folders, singleFiles } from '../../src/schemas/registry.ts';
import type { SiteError } from '../../src/errors.ts';
import { articleSchema } from '../../src/schemas/article.ts';
import { translationSchemaOf } from '../../src/schemas/translation.ts';
import type { z } from 'zod';
import { projectRoot, seededRandom } from '../helpers.ts';

const seed = Number(process.env.CLINIC_SITE_YAML_SEED ?? Date.now() % 2 ** 31);
const count = Number(process.env.CLINIC_SITE_YAML_COUNT ?? 4000);

/** The strict reference: the position-aware parser, YAML 1.2 core schema, repeated keys refused. */
function strict(text: string): { ok: true; data: unknown } | { ok: false } {
  const doc = parseDocument(text, { version: '1.2', schema: 'core', uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) return { ok: false };
  try {
    return { ok: true, data: doc.toJS({ maxAliasCount: 100 }) ?? null };
  } catch {
    return { ok: false };
  }
}

const contentDir = join(projectRoot, 'content');
const files = readdirSync(contentDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml') || f.endsWith('.md')).sort();
/** Each file's YAML: a whole .yaml file, or an article's front matter with the rest of the article around it. */
const originals = files.map((f) => {
  const text = readFileSync(join(contentDir, f), 'utf8');
  if (!f.endsWith('.md')) return { file: `content/${f}`, yaml: text, article: undefined };
  const end = text.indexOf('\n---', 4);
  return { file: `content/${f}`, yaml: text.slice(4, end + 1), article: { body: text.slice(end + 1) } };
});

/** The schema loadContent checks a file against. */
function schemaOf(file: string): z.ZodType {
  // A translation (NAME.es.yaml) is checked against the text part of its English file's schema.
  if (file.endsWith('.es.yaml')) return translationSchemaOf(schemaOf(file.replace(/\.es\.yaml$/, '.yaml')), file.replace(/^.*\/|\.es(?=\.yaml$)/g, ''));
  const single = Object.values(singleFiles).find((f) => `content/${f.file}` === file);
  if (single) return single.schema;
  const folder = Object.values(folders).find((f) => file.startsWith(`content/${f.dir}/`));
  if (!folder) throw new Error(`no schema for ${file}`);
  return folder.schema;
}

/** The codes of a text the loader refuses as YAML; a tag it refuses (yaml-tag) is one the strict parser only warns about. */
const refusedAsYaml = new Set<string>(['yaml-syntax', 'yaml-too-complex', 'yaml-tag']);

const noise = ['\t', ' ', ':', ': ', '-', '- ', '"', "'", '#', '[', ']', '{', '}', ',', '&a ', '*a', '!', '%', '|', '>', '?', '@', '`', '\\'];
type Pick = <T>(items: readonly T[]) => T;
const lineStarts = (t: string) => [0, ...[...t.matchAll(/\n/g)].map((m) => m.index + 1)];
const mutations: { name: string; apply: (t: string, pick: Pick, at: (n: number) => number) => string }[] = [
  { name: 'tab for indentation', apply: (t, p) => ((s) => t.slice(0, s) + t.slice(s).replace(/^ {1,4}/, p(['\t', '\t ', ' \t', '\t\t'])))(p(lineStarts(t).filter((s) => t[s] === ' '))) },
  { name: 'tab before a list item', apply: (t, p) => ((s) => t.slice(0, s) + t.slice(s).replace(/^ *(?=- )/, (m) => p(['\t', `${m}\t`, `\t${m}`])))(p(lineStarts(t).filter((s) => /^ *- /.test(t.slice(s, s + 40))))) },
  { name: 'indent a line more', apply: (t, p) => ((s) => t.slice(0, s) + p([' ', '  ', '   ']) + t.slice(s))(p(lineStarts(t))) },
  { name: 'indent a line less', apply: (t, p) => ((s) => t.slice(0, s) + t.slice(s).replace(/^ {1,2}/, ''))(p(lineStarts(t))) },
  { name: 'delete a character', apply: (t, _p, at) => ((i) => t.slice(0, i) + t.slice(i + 1))(at(t.length)) },
  { name: 'duplicate a character', apply: (t, _p, at) => ((i) => t.slice(0, i + 1) + t.slice(i))(at(t.length)) },
  { name: 'insert a symbol', apply: (t, p, at) => ((i) => t.slice(0, i) + p(noise) + t.slice(i))(at(t.length)) },
  { name: 'duplicate a line', apply: (t, p) => ((l) => ((i) => [...l.slice(0, i + 1), l[i], ...l.slice(i + 1)].join('\n'))(p(l.map((_, i) => i))))(t.split('\n')) },
  { name: 'delete a line', apply: (t, p) => ((l) => ((i) => [...l.slice(0, i), ...l.slice(i + 1)].join('\n'))(p(l.map((_, i) => i))))(t.split('\n')) },
  { name: 'swap two lines', apply: (t, p) => ((l) => ((i) => [...l.slice(0, i), l[i + 1], l[i], ...l.slice(i + 2)].join('\n'))(p(l.slice(0, -1).map((_, i) => i))))(t.split('\n')) },
];

describe('the YAML the loader accepts', () => {
  it('should never load a mutated content file the strict parser rejects, and load the same data when it accepts', () => {
    console.log(`YAML parser comparison: seed ${seed}, ${count} mutations (replay with CLINIC_SITE_YAML_SEED=${seed})`);
    const next = seededRandom(seed);
    const pick: Pick = (items) => items[Math.floor(next() * items.length)]!;
    const at = (n: number) => Math.floor(next() * n);
    const disagreements: string[] = [];
    let rejected = 0;
    const rejectedBy = new Map<string, number>();
    for (let i = 0; i < count; i++) {
      const original = pick(originals);
      const mutation = pick(mutations);
      const depth = 1 + (next() < 0.3 ? 1 : 0);
      let yaml = original.yaml;
      for (let d = 0; d < depth; d++) yaml = mutation.apply(yaml, pick, at);
      // Front matter that no longer ends at its closing fence is a different split of the file, not a parser question.
      if (original.article && (!yaml.endsWith('\n') || /(^|\n)---/.test(yaml))) continue;
      const reference = strict(yaml);
      let accepted: boolean;
      let data: unknown;
      if (original.article) {
        const errors: SiteError[] = [];
        const loaded = loadArticle(original.file, `---\n${yaml}${original.article.body}`, articleSchema, errors);
        accepted = !errors.some((e) => refusedAsYaml.has(e.code) || e.code === 'front-matter-syntax');
        data = loaded?.source.data;
        if (accepted && reference.ok && loaded && !isDeepStrictEqual(data, reference.data)) disagreements.push(`${original.file} (${mutation.name}): different data`);
      } else {
        const errors: SiteError[] = [];
        const { source } = loadYamlText(original.file, yaml, schemaOf(original.file), errors);
        accepted = !errors.some((e) => refusedAsYaml.has(e.code));
        data = source.data;
        if (accepted && reference.ok && !isDeepStrictEqual(data, reference.data)) disagreements.push(`${original.file} (${mutation.name}): different data`);
      }
      if (accepted && !reference.ok) disagreements.push(`${original.file} (${mutation.name}): loaded, but the strict parser rejects it:\n${yaml}`);
      if (!reference.ok) {
        rejected++;
        rejectedBy.set(mutation.name, (rejectedBy.get(mutation.name) ?? 0) + 1);
      }
    }
    console.log(`  ${rejected} rejected by the strict parser: ${[...rejectedBy].map(([name, n]) => `${name} ${n}`).join(', ')}`);
    expect(disagreements.slice(0, 3), `seed ${seed}`).toEqual([]);
    // The mutations reach the cases a lax parser gets wrong: tabs the strict parser refuses are among them.
    if (count >= 1000) expect((rejectedBy.get('tab for indentation') ?? 0) + (rejectedBy.get('tab before a list item') ?? 0), `seed ${seed}`).toBeGreaterThan(50);
  });
});
