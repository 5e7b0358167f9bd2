/** The shared layout, home, blog, articles, process and not-found pages, built from the real content and checked with cheerio. */
import { markdownToHtml } from '../src/content/markdown.ts';
import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../src/build.ts';
import { loadContent, type Content } from '../src/content/load.ts';
import { diskWriter } from '../src/writer.ts';
import { Icon, type AnyIcon } from '../templates/components/Icon.tsx';
import { projectRoot } from './helpers.ts';

let out: string;
let content: Content;
let result: BuildResult;

beforeAll(async () => {
  out = join(await mkdtemp(join(tmpdir(), 'clinic-part1-')), 'dist');
  content = await loadContent(projectRoot);
  result = await build({ root: projectRoot, writer: diskWriter(out) });
});
afterAll(async () => {
  await rm(join(out, '..'), { recursive: true, force: true });
});

const fileOf = (route: string) => (route === '/' ? 'index.html' : route === '/404' ? '404.html' : `${route.replace(/^\/|\/$/g, '')}/index.html`);
const html = (route: string) => readFile(join(out, fileOf(route)), 'utf8');
const page = async (route: string): Promise<CheerioAPI> => load(await html(route));
const text = ($el: Cheerio<AnyNode>) => $el.text().replace(/\s+/g, ' ').trim();

/** The pages of this part of the site. */
const ownRoutes = () => ['/', '/blog', '/process', '/404', ...content.articles.filter((a) => !a.draft).map((a) => `/blog/${a.slug}/`)];

/** SPEC §2: the Services dropdown, group by group. */
const serviceGroups = [
  {
    name: 'Hormone Program',
    items: [
      ["Men's Health", '/services/body/mens-health'],
      ["Women's Health", '/services/body/womens-health'],
      ['Thyroid Optimization', '/services/well/thyroid'],
      ['Anxiety Treatment', '/services/brain/anxiety'],
      ['Focus Enhancement', '/services/brain/focus'],
      ['Mood Optimization', '/services/brain/mood'],
    ],
  },
  { name: 'Weight Loss / Metabolic Program', items: [] },
  {
    name: 'Wellness & Longevity',
    items: [
      ['Peptide Therapy', '/services/well/peptide-therapy'],
      ['Immune Support', '/services/well/immune-support'],
    ],
  },
  {
    name: 'Testing Services',
    items: [
      ['Lab Testing', '/lab-sales'],
      ['InBody Analysis', '/inbody-analysis'],
    ],
  },
];
const mainNav = [
  ['About', '/#about'],
  ['Process', '/process'],
  ['Conditions', '/#conditions'],
  ['Biote Pellets', '/memberships'],
  ['Blog', '/blog'],
];

/** The path an icon draws, to tell which icon a page shows. */
const iconPath = (name: AnyIcon) => load(renderToStaticMarkup(createElement(Icon, { name })))('path').attr('d');

function booking(service?: string): string {
  const url = new URL(content.site.links.booking);
  if (service) url.searchParams.set('service', service);
  return url.href;
}

function expectOutbound($a: Cheerio<Element>, href: string, event?: [name: string, category: string, label: string]): void {
  expect($a.length, `one link to ${href}`).toBe(1);
  expect($a.attr('href')).toBe(href);
  expect($a.attr('target')).toBe('_blank');
  expect($a.attr('rel')).toBe('noopener noreferrer');
  if (event) expect([$a.attr('data-event'), $a.attr('data-event-category'), $a.attr('data-event-label')]).toEqual(event);
}

function serviceGroupsOf($: CheerioAPI, $root: Cheerio<Element>) {
  return $root
    .find('.service-group')
    .toArray()
    .map((group) => ({
      name: text($(group).find('.service-group-name')),
      items: $(group)
        .find('a')
        .toArray()
        .map((a) => [text($(a)), $(a).attr('href')]),
    }));
}

describe('header', () => {
  it('should link the logo home and list the main navigation with the Services dropdown', async () => {
    const $ = await page('/process');
    expect($('.site-header a.logo').attr('href')).toBe('/');
    const links = $('.nav-desktop .nav-list > li > a')
      .toArray()
      .map((a) => [text($(a)), $(a).attr('href')]);
    expect(links).toEqual(mainNav);
    const toggle = $('.nav-desktop button.dropdown-toggle');
    expect(text(toggle)).toBe('Services');
    expect(toggle.attr('aria-expanded')).toBe('false');
    expect(toggle.attr('aria-controls')).toBe('services-menu');
    expect(serviceGroupsOf($, $('#services-menu'))).toEqual(serviceGroups);
  });

  it('should mark links to the home sections for smooth scrolling', async () => {
    const $ = await page('/blog');
    for (const href of ['/#about', '/#conditions']) expect($(`.nav-desktop a[href="${href}"]`).is('[data-smooth]'), href).toBe(true);
    expect($('.nav-desktop a[href="/process"]').is('[data-smooth]')).toBe(false);
  });

  it('should open Patient Portal and Book Visit Now in a new tab with their events', async () => {
    const $ = await page('/');
    expectOutbound($('.header-actions a').filter((_, a) => text($(a)).startsWith('Patient Portal')), content.site.links.patientPortal, ['portal_login_clicked', 'conversion', 'header']);
    expectOutbound($('.header-actions a').filter((_, a) => text($(a)).startsWith('Book Visit Now')), booking(content.site.bookingServices.visit), ['start_visit_clicked', 'conversion', 'header']);
  });

  it('should mark the current page with aria-current="page"', async () => {
    expect((await page('/process'))('.nav-desktop a[aria-current="page"]').attr('href')).toBe('/process');
    expect((await page('/blog'))('.nav-desktop a[aria-current="page"]').attr('href')).toBe('/blog');
    expect((await page(`/blog/${content.articles[0]!.slug}/`))('.nav-desktop a[aria-current="page"]').attr('href')).toBe('/blog');
    expect((await page('/'))('[aria-current="page"]').length).toBe(0);
    const $ = await page('/services/brain/focus');
    expect($('#services-menu a[aria-current="page"]').attr('href')).toBe('/services/brain/focus');
    expect($('.dropdown-toggle').hasClass('is-current')).toBe(true);
  });

  it('should have a drawer with the same navigation, service groups and actions, labelled for mobile', async () => {
    const $ = await page('/');
    const drawer = $('dialog#drawer');
    expect(drawer.length).toBe(1);
    expect($('button.menu-button').attr('aria-controls')).toBe('drawer');
    expect($('button.menu-button').attr('aria-expanded')).toBe('false');
    expect(
      drawer
        .find('.drawer-list a')
        .toArray()
        .map((a) => [text($(a)), $(a).attr('href')]),
    ).toEqual(mainNav);
    expect(serviceGroupsOf($, drawer)).toEqual(serviceGroups);
    expectOutbound(drawer.find('.drawer-actions a').first(), content.site.links.patientPortal, ['portal_login_clicked', 'conversion', 'mobile_header']);
    expectOutbound(drawer.find('.drawer-actions a').last(), booking(content.site.bookingServices.visit), ['start_visit_clicked', 'conversion', 'mobile_header']);
    expect(drawer.find('button[data-close]').attr('aria-label')).toBeTruthy();
  });

  it('should offer a Menu link to the site map for visitors without JavaScript', async () => {
    const $ = await page('/');
    expect($('a.menu-link').attr('href')).toBe('#site-map');
    expect($('footer#site-map').length).toBe(1);
  });
});

describe('footer', () => {
  it('should list the quick links, which reach the home sections from any page', async () => {
    for (const route of ['/', '/process', '/404']) {
      const $ = await page(route);
      const quick = $('.site-footer nav[aria-labelledby="footer-quick"] a')
        .toArray()
        .slice(0, 5)
        .map((a) => [text($(a)), $(a).attr('href'), $(a).is('[data-smooth]')]);
      expect(quick, route).toEqual([
        ['About Us', '/#about', true],
        ['Services', '/#services', true],
        ['Conditions', '/#conditions', true],
        ['Blog', '/blog', false],
        ['Contact', '/#contact', true],
      ]);
    }
  });

  it('should show social links, Start Visit Now, phone, e-mail, address, copyright and disclaimer', async () => {
    const $ = await page('/blog');
    const footer = $('.site-footer');
    const socials = footer.find('.social-links a');
    expect(socials.toArray().map((a) => text($(a).find('.visually-hidden').first()))).toEqual(['Facebook', 'Instagram', 'Linkedin']);
    expect(socials.toArray().map((a) => $(a).attr('href'))).toEqual([content.site.social.facebook, content.site.social.instagram, content.site.social.linkedin]);
    expectOutbound(footer.find('a').filter((_, a) => text($(a)).startsWith('Start Visit Now')), content.site.links.newPatientIntake, ['start_visit_clicked', 'conversion', 'footer']);
    // The number cannot break across lines: non-breaking spaces and hyphens.
    expect(footer.find(`a[href="tel:${content.site.phone.replace(/[^\d+]/g, '')}"]`).text()).toBe(content.site.phone.replace(/ /g, '\u00a0').replace(/-/g, '\u2011'));
    expect(footer.find(`a[href="mailto:${content.site.email}"]`).text()).toBe(content.site.email);
    expect(text(footer.find('address'))).toContain(content.site.address.street);
    expect(text(footer)).toContain(`© 2024 ${content.site.name}`);
    expect(text(footer.find('.disclaimer'))).toBe(content.site.disclaimer.replace(/\s+/g, ' '));
  });
});

describe('home', () => {
  it('should open with the hero: headline, four benefits, the Diagnostic Experience and Purchase Here', async () => {
    const $ = await page('/');
    expect(text($('.hero h1'))).toBe('Integrative Care for Mind, Body & Wellness');
    expect($('.hero .benefit').length).toBe(4);
    const card = $('.diagnostic-card');
    expect(card.find('.diagnostic-steps li').toArray().map((li) => text($(li)))).toEqual(content.home.hero.diagnostic.steps);
    expect(card.find('.check-list li').toArray().map((li) => text($(li)))).toEqual(content.home.hero.diagnostic.reviewCovers);
    expectOutbound(card.find('a').filter((_, a) => text($(a)).startsWith('Purchase Here')), booking(content.site.bookingServices.diagnostic), ['book_now_clicked', 'conversion', 'hero']);
  });

  it('should show the three pillars in their colours and icons, each with a toggle for its own list', async () => {
    const $ = await page('/');
    const pillars = $('#services .pillar');
    expect(pillars.toArray().map((p) => $(p).attr('class'))).toEqual(['pillar accent-blue', 'pillar accent-teal', 'pillar accent-green']);
    expect(pillars.toArray().map((p) => $(p).find('.pillar-icon svg path').attr('d'))).toEqual((['brain', 'heartbeat', 'spa'] as const).map(iconPath));
    for (const pillar of pillars.toArray()) {
      const toggle = $(pillar).find('button.pillar-toggle');
      expect(toggle.attr('aria-expanded')).toBe('false');
      const list = $(`#${toggle.attr('aria-controls')}`);
      expect(list.length).toBe(1);
      expect($(pillar).find(`#${toggle.attr('aria-controls')}`).length).toBe(1);
      expect(text(toggle.find('.toggle-show'))).toBe('View All Treatments');
      expect(text(toggle.find('.toggle-hide'))).toBe('Hide Treatments');
      expect(text(toggle.find('.toggle-narrow'))).toBe('View Treatments');
      expect(toggle.find('svg.toggle-chevron').length).toBe(1);
    }
  });

  it('should link every treatment to its own dialog with title, description, dosage, indications, FAQs and Start Visit Now', async () => {
    const $ = await page('/');
    const links = $('#services a.treatment-link');
    const ids = content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments));
    expect(links.length).toBe(ids.length);
    for (const link of links.toArray()) {
      const id = $(link).attr('href')!.replace('#treatment-', '');
      const treatment = content.treatments.get(id)!;
      expect(treatment, id).toBeDefined();
      expect([$(link).attr('data-event'), $(link).attr('data-event-category'), $(link).attr('data-event-label')]).toEqual(['treatment_details_viewed', 'engagement', treatment.title]);
      const dialog = $(`dialog#treatment-${id}`);
      expect(dialog.length, id).toBe(1);
      expect(dialog.attr('aria-labelledby')).toBe(`treatment-${id}-title`);
      expect(text(dialog.find(`#treatment-${id}-title`))).toBe(treatment.title);
      expect(text(dialog.find('.treatment-description'))).toBe(treatment.description.replace(/\s+/g, ' '));
      expect(text(dialog.find('.treatment-dosage'))).toBe(treatment.dosage.replace(/\s+/g, ' '));
      expect(dialog.find('.tag-list li').toArray().map((li) => text($(li)))).toEqual(treatment.indications);
      expect(dialog.find('.faq-item summary').toArray().map((s) => text($(s)))).toEqual(treatment.faq.map((f) => f.question.replace(/\s+/g, ' ')));
      expectOutbound(dialog.find('.modal-foot a'), content.site.links.booking, ['start_visit_clicked', 'conversion', 'treatment_modal']);
      expect(dialog.find('a[data-close]').attr('href')).toBe('#services');
    }
    expect($('dialog.treatment-dialog').length).toBe(new Set(ids).size);
  });

  it('should show the founder, the three credentials, the symptom lists and four reasons', async () => {
    const $ = await page('/');
    expect(text($('#about h2'))).toBe(content.home.about.heading);
    expect(text($('#about'))).toContain(content.home.about.name);
    expect($('#about .highlight-card').length).toBe(3);
    const symptoms = $('#conditions .symptom-card');
    expect(symptoms.length).toBe(2);
    expect(symptoms.eq(0).find('li').toArray().map((li) => text($(li)))).toEqual(content.home.conditions.men.symptoms);
    expect(symptoms.eq(1).find('li').toArray().map((li) => text($(li)))).toEqual(content.home.conditions.women.symptoms);
    expect($('#conditions .highlight-card').length).toBe(4);
  });

  it('should show the contact block: location, scheduling, care options, office hours, lazy map and directions', async () => {
    const $ = await page('/');
    const contact = $('#contact');
    expect(text(contact)).toContain(content.site.address.street);
    const hours = contact.find('.hours-row').toArray().map((row) => [text($(row).find('dt')), text($(row).find('dd'))]);
    expect(hours).toEqual([
      ['Monday to Friday', '10:00 AM to 5:00 PM'],
      ['Saturday and Sunday', 'Closed'],
    ]);
    expect(text(contact)).toContain('in-person and telehealth');
    expect(contact.find('.care-options li').length).toBe(2);
    const map = contact.find('iframe');
    expect(map.attr('src')).toBe(content.site.map.embedUrl);
    expect(map.attr('loading')).toBe('lazy');
    expect(map.attr('title')).toBe(content.site.map.title);
    expectOutbound(contact.find('a').filter((_, a) => text($(a)).startsWith('Get Directions')), content.site.map.directionsUrl);
    expectOutbound(contact.find('.contact-card a').filter((_, a) => text($(a)).startsWith('Book Visit Now')), booking(content.site.bookingServices.visit));
  });

  it('should put the sections in the SPEC order', async () => {
    const $ = await page('/');
    expect($('main > section').toArray().map((s) => $(s).attr('id') ?? $(s).attr('class'))).toEqual(['hero', 'services', 'about', 'conditions', 'contact']);
  });
});

describe('blog', () => {
  it('should feature the first article and list the others under Recent Articles, each a real link to its page', async () => {
    const $ = await page('/blog');
    const articles = content.articles.filter((a) => !a.draft);
    const featured = $('.blog-featured .article-card');
    expect(featured.length).toBe(1);
    expect(featured.find('a[data-article]').attr('href')).toBe(`/blog/${articles[0]!.slug}/`);
    expect(text($('.blog-recent h2'))).toBe('Recent Articles');
    expect($('.blog-recent a[data-article]').toArray().map((a) => $(a).attr('href'))).toEqual(articles.slice(1).map((a) => `/blog/${a.slug}/`));
  });

  it('should show category, read time, author and the long US date on each card', async () => {
    const $ = await page('/blog');
    const card = $('.article-card').first();
    const first = content.articles[0]!;
    expect(text(card.find('[data-field="category"]'))).toBe(first.category);
    expect(text(card.find('[data-field="readTime"]'))).toBe(first.readTime);
    expect(text(card.find('[data-field="author"]'))).toBe(first.author);
    expect(text(card.find('[data-field="date"]'))).toMatch(/^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$/);
  });

  it("should not carry the articles' full text (the dialog loads it from each article's page)", async () => {
    const source = await html('/blog');
    for (const article of content.articles) {
      const paragraph = load(markdownToHtml(article.markdown))('p').last().text();
      expect(paragraph.length).toBeGreaterThan(40);
      expect(source.includes(paragraph), article.slug).toBe(false);
    }
    const $ = load(source);
    expect($('dialog#article-dialog [data-article-body]').children().length).toBe(0);
  });

  it('should open Book Now in a new tab with the same-tab fallback', async () => {
    const $ = await page('/blog');
    const bookNow = $('a').filter((_, a) => text($(a)).startsWith('Book Now'));
    expect(bookNow.length).toBe(2);
    for (const a of bookNow.toArray()) {
      expect($(a).attr('target')).toBe('_blank');
      expect($(a).is('[data-new-window]')).toBe(true);
      expect($(a).attr('href')).toBe(content.site.links.booking);
    }
  });

  it('should carry the intake widget script and container on /blog only', async () => {
    const widget = content.site.intakeWidget!;
    const $ = await page('/blog');
    expect($(`script[src="${widget.scriptUrl}"]`).is('[async]')).toBe(true);
    expect($(`#${widget.containerId}`).length).toBe(1);
    for (const route of ['/', '/process', '/404', `/blog/${content.articles[0]!.slug}/`]) {
      const other = await page(route);
      expect(other(`script[src="${widget.scriptUrl}"]`).length, route).toBe(0);
      expect(other(`#${widget.containerId}`).length, route).toBe(0);
    }
  });

  it("should give each article its page with the text in .prose, byline and a way back", async () => {
    for (const article of content.articles.filter((a) => !a.draft)) {
      const $ = await page(`/blog/${article.slug}/`);
      expect(text($('h1'))).toBe(article.title);
      expect($('.prose').length).toBe(1);
      expect($('.prose p').length).toBeGreaterThan(2);
      expect(text($('.byline'))).toContain(article.author);
      expect(text($('.byline'))).toContain(article.readTime);
      expect($('.back-link').attr('href')).toBe('/blog');
    }
    const $ = await page('/blog/why-we-started/');
    expect(text($('.byline time'))).toBe('May 20, 2024');
  });
});

describe('process and not-found', () => {
  it('should show four steps with number labels, icons and colours, and end with the Diagnostic Experience link', async () => {
    const $ = await page('/process');
    const steps = $('.process-step');
    expect(steps.toArray().map((s) => text($(s).find('.process-number')))).toEqual(['Step 1', 'Step 2', 'Step 3', 'Step 4']);
    expect(steps.toArray().map((s) => text($(s).find('h2')))).toEqual(['The Initial Appointment', 'Biomarker Analysis', 'Personalized Wellness Report', 'Treatment Implementation']);
    expect(steps.toArray().map((s) => $(s).attr('class'))).toEqual(['blue', 'teal', 'green', 'purple'].map((c) => `process-step accent-${c}`));
    expect(steps.toArray().every((s) => $(s).find('.process-icon svg').length === 1)).toBe(true);
    expect(text(steps.eq(0))).toContain('60-minute');
    const last = $('main a').last();
    expectOutbound(last, booking(content.site.bookingServices.diagnostic), ['book_now_clicked', 'conversion', 'process_page']);
    expect(text(last)).toContain('Book Your Diagnostic Experience');
  });

  it('should say 404 Page Not Found inside the shared layout, with a way home', async () => {
    const $ = await page('/404');
    expect(text($('h1'))).toBe('404 Page Not Found');
    expect(text($('main'))).toContain('Did you forget to add the page to the router?');
    expect($('main a[href="/"]').length).toBe(1);
    expect($('.site-header').length).toBe(1);
    expect($('.site-footer').length).toBe(1);
  });
});

describe('every page of this part', () => {
  it('should have no inline scripts, inline event handlers or style attributes', async () => {
    for (const route of ownRoutes()) {
      const $ = await page(route);
      for (const script of $('script').toArray()) {
        const isData = $(script).attr('type') === 'application/ld+json';
        expect(isData || !!$(script).attr('src'), `${route}: inline script`).toBe(true);
      }
      const handlers = $('*')
        .toArray()
        .flatMap((el) => Object.keys((el as Element).attribs).filter((name) => /^on/i.test(name)));
      expect(handlers, route).toEqual([]);
      expect($('[style]').length, `${route}: style attributes`).toBe(0);
    }
  });

  it('should be valid HTML', async () => {
    const { HtmlValidate } = await import('html-validate');
    const validator = new HtmlValidate({ extends: ['html-validate:standard'] });
    for (const route of ownRoutes()) {
      const report = await validator.validateString(await html(route));
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`));
      expect(messages, route).toEqual([]);
    }
  });

  it('should stay within the budgets: script 5 KB, CSS 20 KB, each page 30 KB compressed', async () => {
    const assets = await readdir(join(out, 'assets'));
    const gzip = async (file: string) => gzipSync(await readFile(join(out, file)), { level: 9 }).length;
    for (const file of assets.filter((f) => f.endsWith('.js'))) expect(await gzip(`assets/${file}`), file).toBeLessThan(5 * 1024);
    for (const file of assets.filter((f) => f.endsWith('.css'))) expect(await gzip(`assets/${file}`), file).toBeLessThan(20 * 1024);
    for (const route of ownRoutes()) expect(await gzip(fileOf(route)), route).toBeLessThan(30 * 1024);
    expect(result.largestPage!.gzip).toBeLessThan(30 * 1024);
  });
});
