/**
 * Spanish in the hosted editor (`build --editor`): every translation an entry beside its English one, out-of-date ones marked
 * from the build's content, and admin/spanish.json, from which the editor's script records a saved Spanish entry as up to date
 * in the same change (there is no server when she saves) and names the Spanish entry to update after an English change.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fromJS } from 'immutable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsConfig, type CmsConfig } from '../../src/authoring/cms-config.ts';
import { outOfDate, withSpanish } from '../../src/authoring/cms-spanish.ts';
import { frontMatterFormat, yamlFormat } from '../../src/authoring/cms/file-format.ts';
import { changedFields, spanishSaves } from '../../src/authoring/cms/spanish-save.ts';
import type { SpanishVersion } from '../../src/authoring/cms/spanish-versions.ts';
import { loadContent } from '../../src/load/content.ts';
import { translationProblems } from '../../src/validate/translations.ts';
import { editFile, removeProject, runCli, tempProject } from '../helpers.ts';

const english = 'content/treatments/glp1.yaml';
const spanish = 'content/treatments/glp1.es.yaml';
let dir: string;
let config: CmsConfig;
let versions: SpanishVersion[];

beforeAll(async () => {
  dir = await tempProject();
  // Her change of an English answer, published and live: its Spanish version is out of date.
  await editFile(dir, english, 'answer: >-\n      Studies of GLP-1', 'answer: >-\n      Every body answers differently. Studies of GLP-1');
  // Counsel has approved the English terms of use in this copy.
  await editFile(dir, 'content/legal/terms-of-use.yaml', 'awaitingCounsel: true\n', '');
  // Redirects, which have nothing to translate (their collection without fields stopped the whole editor from loading).
  await writeFile(join(dir, 'content/redirects.yaml'), '- from: /old-page\n  to: /process\n');
  const built = await runCli(['build', '--editor', 'heard-health/website', '--out', 'out'], dir);
  expect(built.code, built.stderr).toBe(0);
  config = JSON.parse(await readFile(join(dir, 'out/admin/config.json'), 'utf8')) as CmsConfig;
  versions = JSON.parse(await readFile(join(dir, 'out/admin/spanish.json'), 'utf8')) as SpanishVersion[];
}, 180_000);
afterAll(async () => {
  await removeProject(dir);
});

/** The build's warnings that a translation is out of date, by file. */
async function staleFiles(): Promise<string[]> {
  return translationProblems(await loadContent(dir))
    .filter((e) => e.code === 'translation-stale')
    .map((e) => e.loc!.file);
}

describe('build --editor, in Spanish', () => {
  it('should give the hosted editor every translation beside its English entry, as serve does, out-of-date ones marked', async () => {
    const served = await withSpanish(cmsConfig({ name: 'proxy', proxy_url: '/admin/api', branch: 'main' }), dir);
    const names = (c: CmsConfig) => c.collections.map((collection) => collection.name);
    expect(names(config)).toEqual(names(served));
    expect(names(config)).toContain('es-treatments');
    const files = config.collections.find((c) => c.name === 'es-treatments')!.files!;
    expect(files.find((f) => f.file === spanish)!.label).toMatch(new RegExp(`^${outOfDate}GLP-1 Medications`));
    expect(files.filter((f) => f.label.startsWith(outOfDate)).map((f) => f.file)).toEqual([spanish]);
    const treatments = config.collections.find((c) => c.name === 'treatments')!;
    const link = '(#/collections/es-treatments/entries/es-glp1)';
    expect(treatments.fields![0]!.hint).toMatch(/^Spanish versions out of date, to update: \[GLP-1 Medications [^\]]*\]\(/);
    expect(treatments.fields![0]!.hint).toContain(link);
  });

  it('should write, for each Spanish entry, its English entry and the hashes of the English file as built', async () => {
    const content = await loadContent(dir);
    const translations = content.spanish!.translations;
    expect(versions.filter((v) => !v.first).map((v) => v.file).sort()).toEqual(
      config.collections.filter((c) => c.name.startsWith('es-')).flatMap((c) => (c.files ?? []).map((f) => f.file)).sort(),
    );
    const glp1 = versions.find((v) => v.file === spanish)!;
    expect(glp1).toMatchObject({ collection: 'es-treatments', entry: 'es-glp1' });
    expect(glp1.english).toEqual({ collection: 'treatments', entry: 'glp1', file: english });
    expect(glp1.from).toEqual(translations.find((t) => t.file === spanish)!.current);
    expect(glp1.labels.faq).toBe('Questions (FAQ)');
    const site = versions.find((v) => v.file === 'content/site.es.yaml')!;
    expect(site.english).toMatchObject({ collection: 'settings', entry: 'site' });
  });

  it('should record a saved Spanish entry as up to date with its English file, in the text it saves', async () => {
    type Listener = Parameters<Parameters<typeof spanishSaves>[0]['registerEventListener']>[0];
    const handlers: Listener[] = [];
    spanishSaves({ registerEventListener: (listener) => handlers.push(listener) }, versions, true);
    const preSave = handlers.find((h) => h.name === 'preSave')!.handler as (event: { entry: unknown }) => unknown;
    const format = yamlFormat('', 'items');
    const data = format.fromFile(await readFile(join(dir, spanish), 'utf8'));
    const entry = fromJS({ collection: 'es-treatments', slug: 'es-glp1', data });
    const saved = preSave({ entry }) as { toJS(): Record<string, unknown> };
    expect(await staleFiles()).toContain(spanish);
    await writeFile(join(dir, spanish), format.toFile(saved.toJS()));
    expect(await staleFiles()).not.toContain(spanish);
    // Another entry is saved as it is; on the dev server, which records a save itself, nothing is added.
    expect(preSave({ entry: fromJS({ collection: 'treatments', slug: 'glp1', data: {} }) })).toBeUndefined();
    const served: string[] = [];
    spanishSaves({ registerEventListener: ({ name }) => served.push(name) }, versions, false);
    expect(served).toEqual(['postSave']);
  });

  it('should tell which translated English fields a save changed', async () => {
    const glp1 = versions.find((v) => v.file === spanish)!;
    const data = yamlFormat('', 'items').fromFile(await readFile(join(dir, english), 'utf8')) as { faq: { answer: string }[] };
    expect(changedFields(glp1, data)).toEqual([]);
    data.faq[0]!.answer = `${data.faq[0]!.answer} Ask us.`;
    expect(changedFields(glp1, data)).toEqual(['Questions (FAQ)']);
  });

  it('should offer a first Spanish version of each English entry without one, its form started with the English text', async () => {
    const made = config.collections.find((c) => c.name === 'es-new-blog-hrt-glow-up')!;
    const article = (await loadContent(dir)).articles.find((a) => a.file === 'content/blog/hrt-glow-up.md')!;
    expect(made).toMatchObject({ hide: true, create: true, folder: 'content/blog', extension: 'es.md', slug: 'hrt-glow-up' });
    expect(made.fields!.find((f) => f.name === 'title')).toMatchObject({ default: article.title, hint: `English: ${article.title}` });
    expect(made.fields!.find((f) => f.name === 'body')!.default).toBe(article.markdown);
    // The English form links to it; an English entry with a Spanish version is offered none.
    const blog = config.collections.find((c) => c.name === 'blog')!;
    expect(blog.fields![0]!.hint).toContain(`[${article.title}](#/collections/es-new-blog-hrt-glow-up/new)`);
    expect(config.collections.some((c) => c.name === 'es-new-treatments-glp1')).toBe(false);
    // Decap loads no configuration with a collection of no fields: every collection has some, and the redirects get no Spanish.
    expect(config.collections.filter((c) => !c.files && (c.fields ?? []).length === 0).map((c) => c.name)).toEqual([]);
    expect(config.collections.some((c) => c.name === 'es-new-settings-redirects')).toBe(false);
    // A legal page's form keeps only the text of each section, never what stays as in English (shownWhen).
    const legal = config.collections.find((c) => c.name === 'es-new-legal-privacy-policy')!;
    const sections = legal.fields!.find((f) => f.name === 'sections')!.default as Record<string, unknown>[];
    expect(sections.length).toBeGreaterThan(1);
    expect(sections.every((s) => !('shownWhen' in s) && typeof s.heading === 'string')).toBe(true);
    // Counsel approves the Spanish apart from the English: a first version awaits it even where the English was approved.
    for (const name of ['es-new-legal-privacy-policy', 'es-new-legal-terms-of-use', 'es-new-legal-accessibility']) {
      const fields = config.collections.find((c) => c.name === name)!.fields!;
      expect(fields.find((f) => f.name === 'awaitingCounsel'), name).toMatchObject({ default: true });
    }
  });

  it('should record a first Spanish version when it is saved, written beside its English file', async () => {
    const first = versions.find((v) => v.collection === 'es-new-blog-hrt-glow-up')!;
    expect(first).toMatchObject({ first: true, file: 'content/blog/hrt-glow-up.es.md', english: { collection: 'blog', entry: 'hrt-glow-up' } });
    const handlers: Parameters<Parameters<typeof spanishSaves>[0]['registerEventListener']>[0][] = [];
    spanishSaves({ registerEventListener: (listener) => handlers.push(listener) }, versions, true);
    const preSave = handlers.find((h) => h.name === 'preSave')!.handler as (event: { entry: unknown }) => unknown;
    // A new entry's form, as Decap starts it from the collection's defaults (it has no name before its first save).
    const made = config.collections.find((c) => c.name === first.collection)!;
    const data = Object.fromEntries(made.fields!.map((f) => [f.name, f.default]));
    const saved = preSave({ entry: fromJS({ collection: first.collection, slug: '', newRecord: true, data }) }) as { toJS(): object };
    const text = frontMatterFormat('', made.fields).toFile(saved.toJS() as Record<string, unknown>);
    await writeFile(join(dir, first.file), text);
    const content = await loadContent(dir);
    const translation = content.spanish!.translations.find((t) => t.file === first.file)!;
    expect(translation.english).toBe('content/blog/hrt-glow-up.md');
    expect(await staleFiles()).not.toContain(first.file);
  });
});
