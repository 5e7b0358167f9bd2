/**
 * The legal pages in Spanish (issue 38): the nondiscrimination notice and the Notice of Privacy Practices under /es/legal/,
 * marked as not yet reviewed by a qualified translator nor approved by counsel, paired with their English pages, linked
 * from the Spanish notice of language assistance and footer, and listed by `check --launch`. A build of the real content.
 */
import { load, type CheerioAPI } from 'cheerio';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/build.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { editFile, removeProject, runCli, siteErrorsOf, tempProject } from '../helpers.ts';

const spanishLegal = {
  nondiscrimination: { title: 'Aviso de no discriminación', english: 'Nondiscrimination Notice' },
  'notice-of-privacy-practices': { title: 'Aviso de prácticas de privacidad', english: 'Notice of Privacy Practices' },
};
const base = 'https://www.example.com';

let project: string;
let result: BuildResult;
const pages = new Map<string, CheerioAPI>();
const page = (file: string) => {
  const found = pages.get(file);
  if (!found) throw new Error(`no page ${file} in the build`);
  return found;
};

beforeAll(async () => {
  project = await tempProject();
  const out = join(project, 'dist');
  result = await build({ root: project, writer: diskWriter(out, project) });
  for (const file of result.files.filter((f) => f.endsWith('.html'))) pages.set(file, load(await readFile(join(out, file), 'utf8')));
}, 120_000);
afterAll(async () => {
  await removeProject(project);
});

describe('the Spanish legal pages', () => {
  it('should publish the nondiscrimination notice and the Notice of Privacy Practices at /es/legal/ID, in Spanish', () => {
    for (const [id, { title }] of Object.entries(spanishLegal)) {
      const $ = page(`es/legal/${id}/index.html`);
      expect($('html').attr('lang'), id).toBe('es');
      expect($('h1').text(), id).toBe(title);
      expect($('title').text(), id).toBe(`${title} | Heard Integrative Health`);
      expect($('meta[name="description"]').attr('content'), id).toMatch(/^(La clínica no discrimina|Cómo la clínica puede usar)/);
      expect($('link[rel="canonical"]').attr('href'), id).toBe(`${base}/es/legal/${id}/`);
      // Every section heading has an id of plain letters (no cut-out accent: informacion, not informaci-n).
      const ids = $('.legal-body h2').map((_, el) => $(el).attr('id')!).get();
      expect(ids.length, id).toBeGreaterThan(0);
      for (const headingId of ids) expect(headingId).toMatch(/^legal-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(ids.join(' ')).not.toMatch(/-n-|-n$/);
    }
    // The others are still in English only.
    expect(pages.has('es/legal/privacy-policy/index.html')).toBe(false);
  });

  it('should say under the heading that no qualified translator and no counsel has reviewed the translation yet', () => {
    for (const id of Object.keys(spanishLegal)) {
      const note = page(`es/legal/${id}/index.html`)('.legal-hero .translation-note[role="note"]').text();
      expect(note, id).toBe(
        'Un traductor calificado aún no ha revisado esta traducción. El asesor legal de la clínica aún no ha revisado esta traducción.',
      );
      // The English page is the original, not a translation.
      expect(page(`legal/${id}/index.html`)('.translation-note').length, id).toBe(0);
    }
  });

  it('should pair each with its English page by hreflang both ways, by the language switcher and in the sitemap', async () => {
    for (const id of Object.keys(spanishLegal)) {
      const english = `${base}/legal/${id}/`;
      const spanish = `${base}/es/legal/${id}/`;
      const alternates = { en: english, es: spanish, 'x-default': english };
      for (const file of [`legal/${id}/index.html`, `es/legal/${id}/index.html`]) {
        const $ = page(file);
        const links = $('link[rel="alternate"][hreflang]').map((_, el) => [[$(el).attr('hreflang')!, $(el).attr('href')!]]).get();
        expect(Object.fromEntries(links as unknown as [string, string][]), file).toEqual(alternates);
      }
      expect(page(`legal/${id}/index.html`)('.header-actions .language-switch').attr('href')).toBe(`/es/legal/${id}`);
      expect(page(`es/legal/${id}/index.html`)('.header-actions .language-switch').attr('href')).toBe(`/legal/${id}`);
      const sitemap = await readFile(join(project, 'dist', 'sitemap.xml'), 'utf8');
      expect(sitemap).toContain(`<loc>${spanish}</loc>`);
    }
  });

  it('should link the Spanish nondiscrimination notice from the Spanish notice of language assistance and every Spanish footer', () => {
    const notice = page('es/language-assistance/index.html');
    expect(notice('.notice-complaints a').attr('href')).toBe('/es/legal/nondiscrimination');
    expect(notice('.notice-complaints a').text()).toBe('Aviso de no discriminación');
    // The English notice links the English one.
    expect(page('language-assistance/index.html')('.notice-complaints a').attr('href')).toBe('/legal/nondiscrimination');
    for (const [file, $] of pages) {
      if (!file.startsWith('es/')) continue;
      expect($('.footer-legal a[href="/es/legal/nondiscrimination"]').text(), file).toBe('No discriminación');
      expect($('.footer-legal a[href="/es/legal/notice-of-privacy-practices"]').length, file).toBe(1);
    }
  });

  it('should build without calling the Spanish legal files out of date, counting them among the translations not reviewed', () => {
    const stale = result.warnings.filter((w) => /legal\/[a-z-]+\.es\.yaml was translated from an older/.test(w));
    expect(stale).toEqual([]);
    const unreviewed = result.warnings.find((w) => w.includes('not been reviewed by a qualified medical translator'));
    for (const id of Object.keys(spanishLegal)) expect(unreviewed).toContain(`\n    content/legal/${id}.es.yaml`);
  });
});

describe('check --launch and the Spanish legal pages', () => {
  it('should list each as awaiting counsel and as a translation no qualified translator has reviewed', async () => {
    const { code, stdout } = await runCli(['check', '--launch'], project);
    expect(code).toBe(1);
    for (const [id, { english }] of Object.entries(spanishLegal)) {
      const file = `content/legal/${id}.es.yaml`;
      expect(stdout).toMatch(new RegExp(`${file}:\\d+ +the Spanish translation of ${english} awaits the clinic's legal counsel`));
      expect(stdout).toMatch(new RegExp(`${file}:\\d+ +this Spanish translation has not been reviewed by a qualified medical translator`));
    }
  });

  it('should refuse a notice of language assistance that names a complaints page content/legal/ does not have', async () => {
    const dir = await tempProject();
    try {
      await editFile(dir, 'content/language-assistance.yaml', 'complaintsPage: nondiscrimination', 'complaintsPage: nondiscrimnation');
      const errors = await siteErrorsOf(build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir) }));
      const error = errors.find((e) => e.code === 'unknown-reference');
      expect(error?.message).toBe('there is no legal page (content/legal/) with the id "nondiscrimnation"');
      expect(error?.hint).toBe('did you mean "nondiscrimination"?');
      expect(error?.loc?.file).toBe('content/language-assistance.yaml');
    } finally {
      await removeProject(dir);
    }
  });
});
