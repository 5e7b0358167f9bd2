/**
 * Issue 41 item 1, "Cost, insurance, hours, where": the page on costs and insurance (every answer awaiting the clinic, so each
 * question asks patients to call, the number a tel: link), reached from home, the phone menu and the footer, in English and
 * Spanish, and listed by check --launch; office hours and address in every footer; Weight Loss in the footer's services and
 * the 404 suggestions, and its dropdown heading a link. The real content/, built once into a temporary folder, read with cheerio.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, type CheerioAPI } from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot, runCli } from '../helpers.ts';

const costsFile = 'content/cost-and-insurance.yaml';
const weightLoss = '/services/body/weight-loss';
let out: string;
let content: Content;
const page = (file: string): CheerioAPI => load(readFileSync(join(out, file), 'utf8'));
const htmlFiles = (): string[] =>
  readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html') && !f.startsWith('admin/'));

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'patient-answers-'));
  content = await loadContent(projectRoot);
  const { code, stderr } = await runCli(['build', '--out', out], projectRoot);
  expect(stderr).toBe('');
  expect(code).toBe(0);
}, 180_000);
afterAll(() => rm(out, { recursive: true, force: true }));

describe('the page on costs and insurance', () => {
  it('should exist in English and Spanish, with the call-us line and a tel: link for each question the clinic has not answered', () => {
    const telOf = content.site.phone.replace(/[^\d+]/g, '');
    for (const [file, line] of [
      ['cost-and-insurance/index.html', 'Call us at'],
      ['es/cost-and-insurance/index.html', 'Llámenos al'],
    ] as const) {
      const $ = page(file);
      const sections = $('main .costs-page section');
      expect(sections.length, file).toBe(content.costs.questions.length);
      sections.each((i, section) => {
        expect(content.costs.questions[i]!.awaitingClinic).toBe(true);
        const call = $(section).find('.costs-call-us');
        expect(call.text(), file).toContain(line);
        expect(call.find(`a[href="tel:${telOf}"]`).length, file).toBe(1);
      });
      expect($('h1').text()).toBe(file.startsWith('es/') ? 'Costos y seguros' : 'Costs and Insurance');
    }
  });

  it('should invent no answer: every question of the content file awaits the clinic and has no answer', () => {
    expect(content.costs.questions.map((q) => q.id)).toEqual(['first-visit', 'insurance', 'memberships']);
    for (const question of content.costs.questions) expect([question.answer, question.awaitingClinic]).toEqual([undefined, true]);
  });

  it('should have its own title and description from metadata.yaml, in both languages, and be indexed for search', () => {
    const $ = page('cost-and-insurance/index.html');
    expect($('title').text()).toBe(`Costs and Insurance | ${content.site.name}`);
    expect($('meta[name="description"]').attr('content')).toBe(content.metadata['/cost-and-insurance']!.description);
    expect($('main').attr('data-pagefind-filter')).toBe('kind:service');
    const es = page('es/cost-and-insurance/index.html');
    expect(es('title').text()).toBe(`Costos y seguros | ${content.site.name}`);
    expect(es('main [data-pagefind-body], main[data-pagefind-body]').length).toBeGreaterThan(0);
  });

  it('should be linked from the home page, the phone menu and the footer, in both languages', () => {
    for (const [home, href] of [
      ['index.html', '/cost-and-insurance'],
      ['es/index.html', '/es/cost-and-insurance'],
    ] as const) {
      const $ = page(home);
      expect($(`main a[href="${href}"]`).length, home).toBeGreaterThan(0);
      expect($(`.drawer .drawer-list a[href="${href}"]`).length, home).toBe(1);
      expect($(`.site-footer a[href="${href}"]`).length, home).toBe(1);
    }
  });

  it('should list each of its slots, at its line, in check --launch', async () => {
    const { stdout } = await runCli(['check', '--launch'], projectRoot);
    const lines = (await readFile(join(projectRoot, costsFile), 'utf8')).split('\n');
    const slots = lines.flatMap((text, i) => (text.trim() === 'awaitingClinic: true' ? [i + 1] : []));
    expect(slots.length).toBe(3);
    for (const line of slots) expect(stdout).toMatch(new RegExp(`${costsFile}:${line} +a cost or insurance entry awaits the clinic`));
    expect(stdout).not.toContain('no cost and insurance information yet');
  });
});

describe('hours and address on every page, and Contact in the phone menu', () => {
  it("should show the office hours and the address in every page's footer", () => {
    const files = htmlFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const $ = page(file);
      const footer = $('.site-footer');
      if (footer.length === 0) continue;
      expect(footer.find('address').text(), file).toContain(content.site.address.street);
      const hours = footer.find('.footer-hours');
      expect(hours.find('dt').length, file).toBe(content.site.officeHours.length);
      expect(hours.find('time[datetime="10:00"]').length, file).toBe(1);
      expect(hours.find('time[datetime="17:00"]').length, file).toBe(1);
    }
    expect(page('index.html')('.footer-hours').text()).toContain('Monday to Friday10:00 AM to 5:00 PM');
    expect(page('es/index.html')('.footer-hours').text()).toContain('Lunes a viernes10:00 a. m. a 5:00 p. m.');
  });

  it('should have Contact in the phone menu, and keep the SPEC\'s main links and footer quick links as they are', () => {
    const $ = page('process/index.html');
    expect($('.drawer .drawer-list a').map((_, a) => $(a).text()).get()).toEqual(
      ['About', 'Process', 'Conditions', 'Biote Pellets', 'Blog', 'Costs and Insurance', 'Contact'],
    );
    expect($('.drawer .drawer-list a').last().attr('href')).toBe('/#contact');
    expect($('.nav-desktop .nav-list > li > a').map((_, a) => $(a).text()).get()).toEqual(['About', 'Process', 'Conditions', 'Biote Pellets', 'Blog']);
    expect($('#footer-quick + ul a').slice(0, 5).map((_, a) => $(a).text()).get()).toEqual(['About Us', 'Services', 'Conditions', 'Blog', 'Contact']);
    expect(page('es/process/index.html')('.drawer .drawer-list a[href="/es/#contact"]').text()).toBe('Contacto');
  });
});

describe('weight loss, easy to find', () => {
  it("should be in the footer's list of services, in both languages", () => {
    expect(page('index.html')(`#footer-services + ul a[href="${weightLoss}"]`).text()).toBe('Weight Loss / Metabolic Program');
    expect(page('es/index.html')(`#footer-services + ul a[href="/es${weightLoss}"]`).length).toBe(1);
  });

  it("should be among the 404 page's suggestions, in both languages", () => {
    expect(page('404.html')(`.not-found .pill-links a[href="${weightLoss}"]`).length).toBe(1);
    expect(existsSync(join(out, 'es/404.html'))).toBe(true);
    expect(page('es/404.html')(`.not-found .pill-links a[href="/es${weightLoss}"]`).length).toBe(1);
  });

  it('should make the Weight Loss group heading a link to its page in the dropdown and the drawer', () => {
    const $ = page('index.html');
    for (const where of ['.dropdown-panel', '.drawer-services']) {
      const link = $(`${where} .service-group-empty .service-group-name a`);
      expect(link.attr('href'), where).toBe(weightLoss);
      expect(link.hasClass('service-group-link'), where).toBe(true);
    }
  });
});
