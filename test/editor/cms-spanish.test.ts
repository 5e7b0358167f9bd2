/** Spanish in the editor: every translation an entry beside its English one, out-of-date ones marked, a save recorded as up to date. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsCollections, cmsConfig } from '../../src/authoring/cms-config.ts';
import { outOfDate, spanishCollections, withSpanish } from '../../src/authoring/cms-spanish.ts';
import type { CmsField, CmsFile } from '../../src/authoring/cms-config.ts';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { localBackend } from '../../src/serve/editor-backend.ts';
import { editorPlaces } from '../../src/serve/editor-requests.ts';
import { changedFields } from '../../src/validate/translations.ts';
import { editFile, projectRoot, removeProject, tempProject } from '../helpers.ts';

/** Every field name of a form, nested ones included, by dotted path. */
function names(fields: CmsField[], prefix = ''): string[] {
  return fields.flatMap((f) => [`${prefix}${f.name}`, ...names(f.fields ?? [], `${prefix}${f.name}.`)]);
}

/** The translation files of content/, by path. */
async function translationFiles(): Promise<string[]> {
  const all = await readdir(join(projectRoot, 'content'), { recursive: true });
  return all.filter((f) => /\.es\.(yaml|md)$/.test(f)).map((f) => `content/${f.split('\\').join('/')}`);
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const answer = 'Cada cuerpo responde de manera diferente';

describe('spanishCollections', () => {
  let content: Content;
  let files: CmsFile[];
  beforeAll(async () => {
    content = await loadContent(projectRoot);
    files = spanishCollections(content).flatMap((c) => c.files ?? []);
  });

  it('should make every translation editable, in Spanish collections after the English ones', async () => {
    const editable = files.map((f) => f.file);
    // metadata.es.yaml is keyed by address, as its English file: edited by hand, as that one is.
    const wanted = (await translationFiles()).filter((f) => f !== 'content/metadata.es.yaml');
    expect(editable.sort()).toEqual(wanted.sort());
    const collections = spanishCollections(content);
    expect(collections.every((c) => c.name.startsWith('es-') && c.label.startsWith('Español: '))).toBe(true);
    expect(collections.map((c) => c.label)).toContain('Español: treatments');
  });

  it('should offer only the text of a translation, never what stays as in English', () => {
    const glp1 = files.find((f) => f.file === 'content/treatments/glp1.es.yaml')!;
    const english = cmsCollections().find((c) => c.name === 'treatments')!.fields!;
    const offered = names(glp1.fields);
    expect(offered).toEqual(expect.arrayContaining(['title', 'description', 'faq', 'faq.question', 'faq.answer']));
    for (const name of offered) expect(names(english)).toContain(name);
    for (const kept of ['translation', 'id', 'slug', 'pillar', 'image']) expect(offered).not.toContain(kept);
    expect(glp1.label).toBe(`${String((content.sources.get('content/treatments/glp1.yaml')!.data as { title: string }).title)} (Spanish)`);
  });

  it('should show the English of each field under it', () => {
    const glp1 = files.find((f) => f.file === 'content/treatments/glp1.es.yaml')!;
    const english = content.sources.get('content/treatments/glp1.yaml')!.data as { title: string; faq: { answer: string }[] };
    expect(glp1.fields.find((f) => f.name === 'title')!.hint).toBe(`English: ${english.title}`);
    expect(glp1.fields.find((f) => f.name === 'faq')!.hint).toContain(english.faq[0]!.answer.trim());
    const home = files.find((f) => f.file === 'content/home.es.yaml')!;
    expect(home.preview_path).toBe('/es/');
    expect(home.label).toBe('Home page (Spanish)');
  });
});

describe('an out-of-date translation in the editor', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await tempProject();
    const firstAnswer = /(faq:\n\s+- question: .*\n\s+answer: )(>-\n\s+)?/;
    await editFile(dir, 'content/treatments/glp1.yaml', firstAnswer, '$1$2Every body answers differently. ');
  }, 60_000);
  afterAll(() => removeProject(dir));

  const glp1Of = (content: Content) =>
    spanishCollections(content).flatMap((c) => c.files ?? []).find((f) => f.file === 'content/treatments/glp1.es.yaml')!;

  it('should list it as out of date and say so at the top of its form, naming the field whose English changed', async () => {
    const glp1 = glp1Of(await loadContent(dir));
    expect(glp1.label.startsWith(outOfDate)).toBe(true);
    expect(glp1.fields[0]!.hint).toMatch(/^OUT OF DATE: the English of Questions \(FAQ\) changed/);
    expect(glp1.fields.find((f) => f.name === 'faq')!.hint).toMatch(/^Changed in English\. English: .*Every body answers differently/);
    expect(glp1.fields.find((f) => f.name === 'description')!.hint).toMatch(/^English: /);
  });

  it("should tell her on the English entry's form which Spanish entry to update, with a link to it", async () => {
    const config = cmsConfig({ name: 'proxy', proxy_url: '/admin/api/v1', branch: 'main' });
    const { collections } = await withSpanish(config, dir);
    const treatments = collections.find((c) => c.name === 'treatments')!;
    const link = '[GLP-1 Medications (Semaglutide and Tirzepatide)](#/collections/es-treatments/entries/es-glp1)';
    expect(treatments.fields![0]!.hint).toMatch(new RegExp(`^Spanish versions out of date, to update: .*${escaped(link)}`));
    const home = collections.find((c) => c.name === 'pages')!.files!.find((f) => f.name === 'home')!;
    expect(home.fields[0]!.hint).toMatch(/^Spanish version: up to date — \[open it\]\(#\/collections\/es-pages\/entries\/es-home\)/);
    // The forms of files without a Spanish version say nothing of one.
    const redirects = collections.find((c) => c.name === 'settings')!.files!.find((f) => f.name === 'redirects')!;
    expect(redirects.fields[0]!.hint ?? '').not.toMatch(/Spanish/);
  });

  it('should record a Spanish entry saved in the editor as up to date with its English file', async () => {
    const backend = localBackend(dir, editorPlaces());
    const file = 'content/treatments/glp1.es.yaml';
    const before = await readFile(join(dir, file), 'utf8');
    const raw = before.replace(/(faq:\n\s+- question: .*\n\s+answer: >-\n\s+)/, `$1${answer}. `);
    const saved = await backend({ action: 'persistEntry', params: { entry: { path: file, raw }, assets: [] } });
    expect(saved.status).toBe(200);
    const content = await loadContent(dir);
    const translation = content.spanish!.translations.find((t) => t.file === file)!;
    expect(changedFields(translation)).toEqual([]);
    expect(await readFile(join(dir, file), 'utf8')).toContain(answer);
    expect(glp1Of(content).label.startsWith(outOfDate)).toBe(false);
  });

  it("should save a Spanish page's file beside its English one, and record it too", async () => {
    await editFile(dir, 'content/process.yaml', /^(\w+): (.+)$/m, '$1: $2 Now.');
    const file = 'content/process.es.yaml';
    const stale = (await loadContent(dir)).spanish!.translations.find((t) => t.file === file)!;
    expect(changedFields(stale)).not.toEqual([]);
    const raw = await readFile(join(dir, file), 'utf8');
    const saved = await localBackend(dir, editorPlaces())({ action: 'persistEntry', params: { entry: { path: file, raw }, assets: [] } });
    expect(saved).toMatchObject({ status: 200 });
    const after = (await loadContent(dir)).spanish!.translations.find((t) => t.file === file)!;
    expect(changedFields(after)).toEqual([]);
  });
});
