/**
 * Search quality: the real site built once, and a table of what patients type with the page each must list
 * first, searched in Chromium through the site's own search dialog (its synonyms, phrase and typo handling
 * included), in English and in Spanish. Every row that fails is reported, not only the first.
 * Extend the table as content grows: a query, its language, and the page that answers it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedSite, type ServedSite } from '../browser/static-server.ts';

/** A patient's query, the language of the page it is typed on, and the page that must come first. */
interface Row {
  query: string;
  first: string;
}

/** What patients type on an English page, and the page that answers it. */
const english: Row[] = [
  { query: 'hours', first: '/' },
  { query: 'office hours', first: '/' },
  { query: 'address', first: '/' },
  { query: 'founder', first: '/' },
  { query: 'thyroid', first: '/services/well/thyroid' },
  { query: 'hashimoto', first: '/services/well/thyroid' },
  { query: 'ozempic', first: '/treatments/glp1/' },
  { query: 'semaglutide', first: '/treatments/glp1/' },
  { query: 'weight loss', first: '/services/body/weight-loss' },
  { query: 'low t', first: '/treatments/testosterone-optimization/' },
  { query: 'low testosterone', first: '/treatments/testosterone-optimization/' },
  { query: 'menopause', first: '/services/body/womens-health' },
  { query: 'menopuase', first: '/services/body/womens-health' },
  { query: 'hot flashes', first: '/services/body/womens-health' },
  { query: 'brain fog', first: '/services/brain/focus' },
  { query: 'body composition', first: '/inbody-analysis' },
  { query: 'inbody', first: '/inbody-analysis' },
  { query: 'blood test', first: '/lab-sales' },
  { query: 'anxiety', first: '/services/brain/anxiety' },
  { query: 'depression', first: '/services/brain/mood' },
  { query: 'cialis', first: '/treatments/tadalafil/' },
  { query: 'wellbutrin', first: '/treatments/bupropion/' },
  { query: 'insomnia', first: '/treatments/sleep-energy-resilience/' },
  { query: 'peptides', first: '/services/well/peptide-therapy' },
  { query: 'b12 shot', first: '/treatments/vitamin-b12/' },
  { query: 'naltrexone', first: '/treatments/low-dose-naltrexone/' },
  { query: 'immune support', first: '/services/well/immune-support' },
  { query: 'phone number', first: '/' },
  { query: 'directions', first: '/' },
  { query: 'appointment', first: '/process' },
  { query: 'pellets', first: '/memberships' },
  { query: 'erectile dysfunction', first: '/treatments/tadalafil/' },
  { query: 'bloodwork', first: '/lab-sales' },
];

/** What patients type on a Spanish page, and the Spanish page that answers it. */
const spanish: Row[] = [
  { query: 'horario', first: '/es/' },
  { query: 'dirección', first: '/es/' },
  { query: 'fundadora', first: '/es/' },
  { query: 'cita', first: '/es/process' },
  { query: 'bochornos', first: '/es/services/body/womens-health' },
  { query: 'menopausia', first: '/es/services/body/womens-health' },
  { query: 'análisis de sangre', first: '/es/lab-sales' },
  { query: 'tiroides', first: '/es/services/well/thyroid' },
  { query: 'bajar de peso', first: '/es/services/body/weight-loss' },
  { query: 'ansiedad', first: '/es/services/brain/anxiety' },
  { query: 'depresión', first: '/es/services/brain/mood' },
  { query: 'testosterona baja', first: '/es/treatments/testosterone-optimization/' },
  { query: 'composición corporal', first: '/es/inbody-analysis' },
  { query: 'niebla mental', first: '/es/services/brain/focus' },
  { query: 'insomnio', first: '/es/treatments/sleep-energy-resilience/' },
  { query: 'ozempic', first: '/es/treatments/glp1/' },
  { query: 'teléfono', first: '/es/' },
  { query: 'sofocos', first: '/es/services/body/womens-health' },
  { query: 'examen de sangre', first: '/es/lab-sales' },
  { query: 'perder peso', first: '/es/services/body/weight-loss' },
  { query: 'hipotiroidismo', first: '/es/services/well/thyroid' },
  { query: 'memoria', first: '/es/services/brain/focus' },
];

let site: ServedSite;
beforeAll(async () => {
  site = await servedSite();
});
afterAll(async () => {
  await site?.close();
});

/** What the dialog lists for `query`: the status line and the results' addresses, in order. */
interface Listed {
  status: string;
  results: string[];
}

/** The open search dialog of a page. */
interface SearchDialog {
  page: Page;
  search(query: string): Promise<Listed>;
  close(): Promise<void>;
}

/** Opens the search dialog on `path` (of the language searched), and a function that types a query and reads what is listed. */
async function searchDialog(path: string): Promise<SearchDialog> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.origin}${path}`, { waitUntil: 'load' });
  await page.click('.header-actions .search-button');
  return {
    page,
    async search(query) {
      await page.fill('#search-input', query);
      const said = () => page.locator('#search-status').textContent();
      await expect.poll(said, { message: query, timeout: 10_000 }).toContain(`“${query}”`);
      const status = (await page.locator('#search-status').textContent()) ?? '';
      const results = await page.locator('.search-result > a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
      return { status, results };
    },
    close: () => context.close(),
  };
}

/** Each row whose page is not listed first, with what came first instead. */
async function misses(path: string, rows: readonly Row[]): Promise<string[]> {
  const dialog = await searchDialog(path);
  const failed: string[] = [];
  for (const row of rows) {
    const { results } = await dialog.search(row.query);
    const got = results.slice(0, 3).join(', ') || 'nothing';
    if (results[0] !== row.first) failed.push(`“${row.query}”: wanted ${row.first} first, got ${got}`);
  }
  await dialog.close();
  return failed;
}

describe('search quality', () => {
  it('should have at least 40 queries, a third of them in Spanish', () => {
    expect(english.length + spanish.length).toBeGreaterThanOrEqual(40);
    expect(spanish.length * 3).toBeGreaterThanOrEqual(english.length + spanish.length);
  });

  it('should list the page that answers each English query first', async () => {
    expect(await misses('/', english)).toEqual([]);
  });

  it('should list the Spanish page that answers each Spanish query first', async () => {
    expect(await misses('/es/', spanish)).toEqual([]);
  });

  it('should not find "insurance" in "insulin": no page of a word that only starts the same', async () => {
    const dialog = await searchDialog('/');
    const { results } = await dialog.search('insurance');
    expect(results).not.toContain('/treatments/metformin/');
    await dialog.close();
  });

  it('should give the clinic\'s phone number as a link when nothing matches, in Spanish and in English', async () => {
    for (const path of ['/es/', '/']) {
      const dialog = await searchDialog(path);
      const { status } = await dialog.search('zzqxw');
      const link = dialog.page.locator('#search-status a[href^="tel:"]');
      expect(await link.count(), path).toBe(1);
      expect(status, path).toContain(await link.textContent());
      expect(status, path).not.toContain('{phone}');
      await dialog.close();
    }
  });

  it('should not say "No exact match" above pages that hold every word (hot flashes, low testosterone)', async () => {
    const dialog = await searchDialog('/');
    // With a short word ("at"), a phrase search runs first and Pagefind rewrote the typed search's results with its own.
    for (const query of ['hot flashes', 'low testosterone', 'body composition', 'hot flashes at night', 'brain fog at work']) {
      const { status } = await dialog.search(query);
      expect(status, query).not.toContain('No exact match');
    }
    await dialog.close();
  });
});
