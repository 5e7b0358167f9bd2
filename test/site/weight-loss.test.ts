/**
 * The weight-loss and metabolic care page (issue 26, item 5): made from the catalogue's metabolic treatments, reached from
 * the Services menu's "Weight Loss / Metabolic Program" heading (which keeps no items, as the SPEC says) and from the home
 * page's Body pillar, with the metadata, structured data and sitemap entry of every service page. Real content, cheerio.
 */
import { load, type CheerioAPI } from 'cheerio';
import { beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { memoryWriter } from '../../src/write/writer.ts';
import { projectRoot } from '../helpers.ts';

const path = '/services/body/weight-loss';
let content: Content;
let files: Map<string, Uint8Array>;
const page = (file: string): CheerioAPI => load(Buffer.from(files.get(file)!).toString('utf8'));

beforeAll(async () => {
  content = await loadContent(projectRoot);
  const writer = memoryWriter();
  await build({ root: projectRoot, writer, today: '2026-11-26' });
  files = writer.files;
}, 120_000);

describe('the weight-loss and metabolic care page', () => {
  it("should show the home Body pillar's Weight & Metabolism treatments from the catalogue, in order, two FAQs each", () => {
    const $ = page('services/body/weight-loss/index.html');
    const category = content.home.services.pillars.find((p) => p.id === 'body')!.categories.find((c) => c.href === path)!;
    expect(category.treatments).toEqual(['glp1', 'liraglutide', 'metformin', 'l-carnitine', 'vitamin-b12']);
    const cards = $('main .treatment-card');
    expect(cards.map((_, c) => $(c).find('h3').first().text().trim()).get()).toEqual(category.treatments.map((id) => content.treatments.get(id)!.title));
    cards.each((i, card) => {
      const treatment = content.treatments.get(category.treatments[i]!)!;
      expect($(card).text()).toContain(treatment.description.trim().slice(0, 60));
      expect($(card).find('.faq-item').length).toBe(Math.min(2, treatment.faq.length));
    });
    expect($('h1').text()).toBe('Weight Loss & Metabolic Care');
  });

  it('should have its title, description, canonical address, robots and sharing metadata', () => {
    const $ = page('services/body/weight-loss/index.html');
    expect($('title').text()).toBe(`Weight Loss & Metabolic Care | ${content.site.name}`);
    expect($('meta[name="description"]').attr('content')).toBe(content.metadata[path]!.description);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${content.site.baseUrl}${path}/`);
    expect($('meta[name="robots"]').attr('content')).toMatch(/index, ?follow/);
    expect($('meta[property="og:image"]').attr('content')).toBeTruthy();
  });

  it('should carry MedicalClinic, BreadcrumbList and FAQPage structured data, and be in the sitemap', () => {
    const $ = page('services/body/weight-loss/index.html');
    const data = $('script[type="application/ld+json"]').map((_, s) => $(s).text()).get().join('\n');
    for (const type of ['MedicalClinic', 'BreadcrumbList', 'FAQPage']) expect(data).toContain(`"@type":"${type}"`);
    expect(Buffer.from(files.get('sitemap.xml')!).toString('utf8')).toContain(`<loc>${content.site.baseUrl}${path}/</loc>`);
  });

  it('should be the link of the empty "Weight Loss / Metabolic Program" group, in the dropdown and the drawer, with no item added', () => {
    const group = content.navigation.services.groups.find((g) => g.name === 'Weight Loss / Metabolic Program')!;
    expect(group.items).toEqual([]);
    for (const file of ['index.html', 'process/index.html', 'services/body/weight-loss/index.html']) {
      const $ = page(file);
      const groups = $('.service-group').filter((_, g) => $(g).find('.service-group-name').text().trim() === group.name);
      expect(groups.length, file).toBe(2);
      groups.each((_, g) => {
        expect($(g).find('.service-group-name a').attr('href')).toBe(path);
        expect($(g).find('li').length).toBe(0);
      });
    }
    expect(page('services/body/weight-loss/index.html')('.service-group-name a[aria-current="page"]').length).toBe(2);
  });

  it("should be linked from the home page's Body pillar", () => {
    const $ = page('index.html');
    const link = $('#pillar-body-treatments .treatment-category h4 a');
    expect(link.attr('href')).toBe(path);
    expect(link.text()).toBe('Weight & Metabolism');
  });
});
