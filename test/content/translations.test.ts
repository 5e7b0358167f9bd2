/** Translations beside their English files (issue 28): what a mistake in one says, and stale or unreviewed ones reported. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { load } from 'cheerio';
import { copyFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { build } from '../../src/build.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, runCli, siteErrorsOf, tempProject } from '../helpers.ts';

let project: string;
const originals = new Map<string, string>();
const touched = ['content/treatments/ssri.yaml', 'content/treatments/ssri.es.yaml', 'content/strings.es.yaml', 'content/treatments/nad.es.yaml', 'content/treatments/testosterone-optimization.es.yaml', 'content/home.es.yaml', 'content/process.es.yaml', 'content/blog/burnout-and-energy.es.md', 'content/services/weight-loss.yaml'];

beforeAll(async () => {
  project = await tempProject();
  for (const file of touched) originals.set(file, await readFile(join(project, file), 'utf8'));
});
afterAll(async () => {
  await removeProject(project);
});
// Each case starts from the real content.
beforeEach(async () => {
  for (const [file, text] of originals) await writeFile(join(project, file), text);
  await rm(join(project, 'content/treatments/not-a-treatment.es.yaml'), { force: true });
  await rm(join(project, 'content/treatments/acetyl-l-carnitine.yaml'), { force: true });
});

const check = () => build({ root: project, writer: memoryWriter(), today: '2026-11-26' });
const lineOf = async (file: string, text: string) => (await readFile(join(project, file), 'utf8')).split('\n').findIndex((l) => l.includes(text)) + 1;

describe('a translation file', () => {
  it('should report a string missing from strings.es.yaml at its place, with the English text', async () => {
    await editFile(project, 'content/strings.es.yaml', '  skipToContent: Saltar al contenido\n', '');
    const [error, ...rest] = await siteErrorsOf(check());
    expect(rest).toEqual([]);
    expect(error!.code).toBe('translation-missing-text');
    // At the group it belongs to, where it is to be added.
    expect(error!.loc).toMatchObject({ file: 'content/strings.es.yaml', line: await lineOf('content/strings.es.yaml', 'draftBanner:') });
    expect(error!.message).toBe('"shell skipToContent" is missing from this translation (the English says: "Skip to content")');
  });

  it('should refuse a field the English file does not translate, with the fields it can have', async () => {
    await editFile(project, 'content/treatments/nad.es.yaml', 'dosage: >-', 'dosis: >-');
    const errors = await siteErrorsOf(check());
    const unknown = errors.find((e) => e.code === 'unknown-field')!;
    expect(unknown.loc).toMatchObject({ file: 'content/treatments/nad.es.yaml', line: await lineOf('content/treatments/nad.es.yaml', 'dosis: >-') });
    expect(unknown.message).toBe('"dosis" is not a field this file can have');
    expect(unknown.hint).toContain('dosage');
  });

  it('should refuse a translation whose figures are not the English ones', async () => {
    await editFile(project, 'content/treatments/testosterone-optimization.es.yaml', 'de 100-200 mg por semana', 'de 100-250 mg por semana');
    const [error] = await siteErrorsOf(check());
    expect(error!.code).toBe('translation-figure');
    expect(error!.loc!.file).toBe('content/treatments/testosterone-optimization.es.yaml');
    expect(error!.message).toMatch(/^"dosage" lacks the figure 200 that the English text has/);
  });

  it('should refuse a list of another length than the English one', async () => {
    await editFile(project, 'content/process.es.yaml', /  - number: Paso 4[\s\S]*?(?=closing:)/, '');
    const [error] = await siteErrorsOf(check());
    expect(error!.code).toBe('translation-mismatch');
    expect(error!.message).toBe('"steps" has 3 entries, but the English has 4');
  });

  it('should refuse a translation without an English file', async () => {
    await writeFile(join(project, 'content/treatments/not-a-treatment.es.yaml'), 'title: Nada\n');
    const [error] = await siteErrorsOf(check());
    expect(error!.code).toBe('translation-alone');
    expect(error!.message).toBe('this translation has no English file: content/treatments/not-a-treatment.yaml does not exist');
  });

  it('should name both files and the changed fields when the English changes, warn in build and fail check --strict', async () => {
    await editFile(project, 'content/treatments/ssri.yaml', 'are among the most widely used', 'are among the most commonly used');
    const built = await check();
    const stale = built.warnings.find((w) => w.includes('translated from an older'))!;
    expect(stale).toContain('content/treatments/ssri.es.yaml was translated from an older content/treatments/ssri.yaml: changed since: description');
    const strict = await runCli(['check', '--strict'], project);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('content/treatments/ssri.es.yaml was translated from an older content/treatments/ssri.yaml: changed since: description');
    expect(strict.stderr).toContain('npx clinic-site translated content/treatments/ssri.es.yaml');
    // Brought up to date (here: the English change needs no new Spanish), it is recorded so, and only that file changes.
    const marked = await runCli(['translated', 'content/treatments/ssri.es.yaml'], project);
    expect(marked.stdout).toContain('✓ content/treatments/ssri.es.yaml marked as translated from content/treatments/ssri.yaml as it is now (its English had changed in: description)');
    expect((await check()).warnings.some((w) => w.includes('translated from an older'))).toBe(false);
    const text = await readFile(join(project, 'content/treatments/ssri.es.yaml'), 'utf8');
    expect(text.slice(0, text.indexOf('translation:'))).toBe(originals.get('content/treatments/ssri.es.yaml')!.slice(0, text.indexOf('translation:')));
  });

  it('should leave a translation out, with a warning, while its English has changed a figure it no longer carries', async () => {
    // The English dose changes after the translation was made: the Spanish page must not show the old one.
    await editFile(project, 'content/treatments/ssri.yaml', 'sertraline\n  25-50 mg', 'sertraline\n  25-75 mg');
    const writer = memoryWriter();
    const built = await build({ root: project, writer, today: '2026-11-26' });
    const stale = built.warnings.find((w) => w.startsWith('content/treatments/ssri.es.yaml was translated from an older'))!;
    expect(stale).toContain('changed since: dosage (it no longer matches it, so its own Spanish page is left out, and other Spanish pages show it in English, until then)');
    expect(built.files).not.toContain('es/treatments/ssri/index.html');
    expect(built.files).toContain('treatments/ssri/index.html');
    // The Spanish pages that show it stay, with its card in English meanwhile (the home page lists it, anxiety and mood have its card).
    expect(built.files).toContain('es/services/brain/anxiety/index.html');
    const anxiety = load(Buffer.from(writer.files.get('es/services/brain/anxiety/index.html')!).toString());
    expect(anxiety('#treatment-ssri-title [lang="en"]').text()).toBe('SSRI Medication');
    expect(built.files).toContain('es/process/index.html');
  });

  it('should show a text of a file every page shows in English meanwhile, when its English changed and no longer matches', async () => {
    const text = await readFile(join(project, 'content/site.yaml'), 'utf8');
    try {
      await editFile(project, 'content/site.yaml', 'tagline: Wellness starts when you are heard.', 'tagline: Wellness starts when you are heard, 24 hours a day.');
      const writer = memoryWriter();
      const built = await build({ root: project, writer, today: '2026-11-26' });
      expect(built.warnings.join('\n')).toContain('content/site.es.yaml was translated from an older content/site.yaml: changed since: tagline (it no longer matches it, so tagline is shown in English until then)');
      expect(Buffer.from(writer.files.get('es/process/index.html')!).toString()).toContain('Wellness starts when you are heard, 24 hours a day.');
    } finally {
      await writeFile(join(project, 'content/site.yaml'), text);
    }
  });

  it('should title a box of a Spanish article in Spanish when it gives no title', async () => {
    await editFile(project, 'content/blog/burnout-and-energy.es.md', /\n$/, '\n\n:::tip\nLleve su lista de medicamentos.\n:::\n');
    const writer = memoryWriter();
    await build({ root: project, writer, today: '2026-11-26' });
    const page = Buffer.from(writer.files.get('es/blog/burnout-and-energy/index.html')!).toString('utf8');
    const strings = parse(await readFile(join(project, 'content/strings.es.yaml'), 'utf8')) as { callouts: { tip: string } };
    expect(page).toContain(`<p class="callout-title">${strings.callouts.tip}</p>`);
    expect(strings.callouts.tip).not.toBe('Tip');
  });

  it('should list translations not reviewed by a qualified medical translator, and not one whose review is recorded', async () => {
    const before = (await check()).warnings.find((w) => w.includes('qualified medical translator'))!;
    expect(before).toContain('content/treatments/ssri.es.yaml');
    await editFile(project, 'content/treatments/ssri.es.yaml', 'translation:\n', 'translation:\n  reviewedBy: A. Translator, CMI-Spanish\n  reviewedOn: 2026-11-20\n');
    const after = (await check()).warnings.find((w) => w.includes('qualified medical translator'))!;
    expect(after).not.toContain('content/treatments/ssri.es.yaml');
    const strict = await runCli(['check', '--strict'], project);
    expect(strict.stderr).toContain('content/home.es.yaml has not been reviewed by a qualified medical translator');
    expect(strict.stderr).not.toContain('content/treatments/ssri.es.yaml has not been reviewed');
  });

  it('should publish a page in Spanish only while its file has a translation, and lead Spanish links to the English page meanwhile', async () => {
    const memberships = await readFile(join(project, 'content/memberships.es.yaml'), 'utf8');
    await rm(join(project, 'content/memberships.es.yaml'));
    try {
      const writer = memoryWriter();
      const built = await build({ root: project, writer, today: '2026-11-26' });
      expect(built.files).not.toContain('es/memberships/index.html');
      const home = Buffer.from(writer.files.get('es/index.html')!).toString();
      expect(home).toContain('href="/memberships"');
      expect(home).not.toContain('href="/es/memberships"');
      const english = Buffer.from(writer.files.get('memberships/index.html')!).toString();
      expect(english).not.toContain('hreflang="es"');
      expect(english).toMatch(/<a href="\/es\/" class="language-switch"/);
    } finally {
      await writeFile(join(project, 'content/memberships.es.yaml'), memberships);
    }
  });

  it('should keep a Spanish service page whose new treatment has no translation, showing its card in English, marked so (the weight-loss 404)', async () => {
    // A treatment added in English only, on the Weight Loss page: the Spanish page once vanished, said only by serve.
    await copyFile(join(project, 'content/treatments/l-carnitine.yaml'), join(project, 'content/treatments/acetyl-l-carnitine.yaml'));
    await editFile(project, 'content/services/weight-loss.yaml', '    - treatment: vitamin-b12\n', '    - treatment: acetyl-l-carnitine\n      icon: bolt\n    - treatment: vitamin-b12\n');
    const writer = memoryWriter();
    const built = await build({ root: project, writer, today: '2026-11-26' });
    expect(built.files).toContain('es/services/body/weight-loss/index.html');
    const $ = load(Buffer.from(writer.files.get('es/services/body/weight-loss/index.html')!).toString());
    expect($('html').attr('lang')).toBe('es');
    const card = $('#treatment-acetyl-l-carnitine');
    expect(card.find('h3 [lang="en"]').text()).toBe('L-Carnitine');
    expect(card.find('h3 .in-english').text()).toBe('(en inglés)');
    expect(card.find('.treatment-description').attr('lang')).toBe('en');
    expect(card.find('.faq-list').attr('lang')).toBe('en');
    // The translated cards are not marked.
    expect($('#treatment-glp1 [lang="en"]').length).toBe(0);
    expect($('#treatment-glp1 h3 .in-english').length).toBe(0);
    const warning = built.warnings.find((w) => w.startsWith('content/treatments/acetyl-l-carnitine.yaml has no Spanish translation'));
    expect(warning).toContain('/es/services/body/weight-loss shows it in English, marked "(en inglés)"');
    expect(warning).toContain('content/treatments/acetyl-l-carnitine.es.yaml');
    const strict = await runCli(['check', '--strict'], project);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('content/treatments/acetyl-l-carnitine.yaml has no Spanish translation');
  });
});
