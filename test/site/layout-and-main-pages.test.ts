/** The shared layout, home, blog, articles, process and not-found pages, built from the real content and checked with cheerio. */
import { markdownOf } from '../../src/markdown/source.ts';
import { markdownToHtml } from '../../src/markdown/markdown.ts';
import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { clipAtWord } from '../../src/route/pages.ts';
import { Icon, type AnyIcon } from '../../templates/components/Icon.tsx';
import { projectRoot } from '../helpers.ts';
import { realSite } from '../real-site.ts';

let out: string;
let content: Content;
let result: BuildResult;

beforeAll(async () => {
  ({ out, result } = await realSite());
  content = await loadContent(projectRoot);
});

const fileOf = (route: string) => (route === '/' ? 'index.html' : route === '/404' ? '404.html' : `${route.replace(/^\/|\/$/g, '')}/index.html`);
const html = (route: string) => readFile(join(out, fileOf(route)), 'utf8');
const page = async (route: string): Promise<CheerioAPI> => load(await html(route));
const text = ($el: Cheerio<AnyNode>) => $el.text().replace(/\s+/g, ' ').trim();

/** The treatments the home pillars list, each once, in order. */
const homeTreatmentIds = () => [...new Set(content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments)))];

/** The pages of this part of the site. */
const ownRoutes = () => [
  '/',
  '/blog',
  '/process',
  '/404',
  ...content.articles.filter((a) => !a.draft).map((a) => `/blog/${a.slug}/`),
  ...homeTreatmentIds().map((id) => `/treatments/${id}/`),
];
const jsonLd = ($: CheerioAPI) => $('script[type="application/ld+json"]').map((_, el) => JSON.parse($(el).text()) as Record<string, any>).get() as Record<string, any>[];

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
      // The links listed under the heading (a heading may itself link to a page: the weight-loss group's does).
      items: $(group)
        .find('li a')
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
    ).toEqual([...mainNav, ['Costs and Insurance', '/cost-and-insurance'], ['Contact', '/#contact']]);
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

  it('should link every treatment to its own page, raising treatment_details_viewed', async () => {
    const $ = await page('/');
    const links = $('#services a.treatment-link');
    const ids = content.home.services.pillars.flatMap((p) => p.categories.flatMap((c) => c.treatments));
    expect(links.toArray().map((a) => $(a).attr('data-treatment'))).toEqual(ids);
    for (const link of links.toArray()) {
      const id = $(link).attr('data-treatment')!;
      const treatment = content.treatments.get(id)!;
      expect($(link).attr('href')).toBe(`/treatments/${id}/`);
      expect(text($(link))).toBe(treatment.title);
      expect([$(link).attr('data-event'), $(link).attr('data-event-category'), $(link).attr('data-event-label')]).toEqual(['treatment_details_viewed', 'engagement', treatment.title]);
    }
  });

  it('should carry one empty treatment dialog, with its close button, title, body and Start Visit Now, and no treatment details', async () => {
    const source = await html('/');
    const $ = load(source);
    expect($('dialog').toArray().map((d) => $(d).attr('id'))).toEqual(['drawer', 'search', 'treatment-dialog']);
    expect($('[id^="treatment-"]').toArray().map((el) => $(el).attr('id'))).toEqual(['treatment-dialog', 'treatment-dialog-title']);
    const dialog = $('dialog#treatment-dialog');
    expect(dialog.attr('aria-labelledby')).toBe('treatment-dialog-title');
    expect(dialog.find('h2#treatment-dialog-title[data-treatment-title]').length).toBe(1);
    expect(dialog.find('button[data-close]').attr('aria-label')).toBe(content.home.services.dialog.closeLabel);
    const body = dialog.find('[data-treatment-body]');
    expect(body.children().length).toBe(0);
    expect(body.attr('data-loading')).toBe(content.home.services.dialog.loadingLabel);
    expectOutbound(dialog.find('.modal-foot a'), content.site.links.booking, ['start_visit_clicked', 'conversion', 'treatment_modal']);
    expect(text(dialog.find('.modal-foot a'))).toBe(`${content.home.services.dialog.action} (opens in a new tab)`);
    // The details live on the treatment pages only.
    for (const id of homeTreatmentIds()) {
      const treatment = content.treatments.get(id)!;
      for (const part of [treatment.dosage, ...treatment.faq.map((f) => f.answer)]) expect(source.includes(part.slice(0, 60)), `${id}: ${part.slice(0, 60)}`).toBe(false);
    }
  });

  it('should show the founder, the three credentials, the symptom lists and four reasons', async () => {
    const $ = await page('/');
    expect(text($('#about h2'))).toBe(content.home.about.heading);
    const founder = content.providers.get(content.home.about.founder)!;
    expect(text($('#about'))).toContain(`${founder.name}, ${founder.credentials}`);
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

describe('treatment pages', () => {
  const pillarOf = (id: string) => content.home.services.pillars.find((p) => p.categories.some((c) => c.treatments.includes(id)))!;

  it('should give every home treatment a page with the way back, its details, every question and Start Visit Now, in its pillar colour', async () => {
    const { dialog: labels } = content.home.services;
    for (const id of homeTreatmentIds()) {
      const treatment = content.treatments.get(id)!;
      const pillar = pillarOf(id);
      const $ = await page(`/treatments/${id}/`);
      expect($('.site-header').length, id).toBe(1);
      expect($('.site-footer').length, id).toBe(1);
      expect($('main .treatment-page').attr('class')).toBe(`treatment-page accent-${pillar.color}`);
      expect($('nav.breadcrumbs a').toArray().map((a) => [text($(a)), $(a).attr('href')])).toEqual([
        ['Home', '/'],
        ['Services', '/#services'],
      ]);
      expect(text($('nav.breadcrumbs [aria-current="page"]'))).toBe(treatment.title);
      expect(text($('.pillar-eyebrow'))).toBe(pillar.name);
      expect(text($('h1'))).toBe(treatment.title);
      const detail = $('[data-treatment-detail]');
      expect(detail.length).toBe(1);
      expect(text(detail.find('.treatment-description'))).toBe(treatment.description.replace(/\s+/g, ' '));
      expect(detail.find('h2').toArray().map((h) => text($(h)))).toEqual([labels.dosageLabel, labels.indicationsLabel, labels.faqLabel]);
      expect(text(detail.find('h2').first().next('.treatment-dosage'))).toBe(treatment.dosage.replace(/\s+/g, ' '));
      expect(detail.find('.tag-list li').toArray().map((li) => text($(li)))).toEqual(treatment.indications);
      expect(detail.find('.faq-item').toArray().map((item) => [text($(item).find('summary')), text($(item).find('p'))])).toEqual(
        treatment.faq.map((f) => [f.question.replace(/\s+/g, ' '), f.answer.replace(/\s+/g, ' ')]),
      );
      // Start Visit Now: as in the dialog, and not inside the part the dialog shows (it has its own).
      expectOutbound($('main a').filter((_, a) => text($(a)).startsWith(labels.action)), content.site.links.booking, ['start_visit_clicked', 'conversion', 'treatment_modal']);
      expect(detail.find('a').length).toBe(0);
    }
  });

  it('should take title, description and keywords from the treatment, with a canonical address in the sitemap', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    for (const id of homeTreatmentIds()) {
      const treatment = content.treatments.get(id)!;
      const $ = await page(`/treatments/${id}/`);
      const url = `${content.site.baseUrl}/treatments/${id}/`;
      expect($('title').text()).toBe(`${treatment.title} | ${content.site.name}`);
      expect($('link[rel="canonical"]').attr('href')).toBe(url);
      expect($('meta[property="og:url"]').attr('content')).toBe(url);
      expect(sitemap).toContain(`<loc>${url}</loc>`);
      expect($('meta[name="keywords"]').attr('content')).toBe(treatment.indications.join(', '));
      const description = $('meta[name="description"]').attr('content')!;
      const full = treatment.description.replace(/\s+/g, ' ').trim();
      expect(description.length, id).toBeLessThanOrEqual(200);
      if (full.length <= 200) expect(description).toBe(full);
      else {
        // Cut after a whole word of the description.
        expect(description.endsWith('…'), id).toBe(true);
        const kept = description.slice(0, -1);
        expect(full.startsWith(kept), id).toBe(true);
        expect(full.slice(kept.length), id).toMatch(/^[\s,;:.]/);
        expect(kept.length).toBeGreaterThan(150);
      }
    }
  });

  it('should describe each page as BreadcrumbList (Home › Services › title), FAQPage of every question and MedicalWebPage', async () => {
    for (const id of homeTreatmentIds()) {
      const treatment = content.treatments.get(id)!;
      const data = jsonLd(await page(`/treatments/${id}/`));
      expect(data.map((d) => d['@type']).sort()).toEqual(['BreadcrumbList', 'FAQPage', 'MedicalClinic', 'MedicalWebPage']);
      const trail = data.find((d) => d['@type'] === 'BreadcrumbList')!;
      expect(trail.itemListElement.map((s: Record<string, unknown>) => [s.position, s.name, s.item])).toEqual([
        [1, 'Home', `${content.site.baseUrl}/`],
        [2, 'Services', `${content.site.baseUrl}/#services`],
        [3, treatment.title, `${content.site.baseUrl}/treatments/${id}/`],
      ]);
      const faq = data.find((d) => d['@type'] === 'FAQPage')!;
      expect(faq.mainEntity.map((q: Record<string, any>) => [q.name, q.acceptedAnswer.text])).toEqual(treatment.faq.map((f) => [f.question, f.answer]));
    }
  });

  it('should give no page to a treatment the home pillars do not list', async () => {
    const listed = new Set(homeTreatmentIds());
    const unlisted = [...content.treatments.keys()].filter((id) => !listed.has(id));
    expect(unlisted.length).toBeGreaterThan(0);
    expect((await readdir(join(out, 'treatments'))).sort()).toEqual([...listed].sort());
  });
});

describe('clipAtWord', () => {
  it('should keep a short text whole and cut a long one after a word, within the limit', () => {
    expect(clipAtWord('  Short   text. ', 200)).toBe('Short text.');
    expect(clipAtWord('one two three four', 12)).toBe('one two…');
    expect(clipAtWord('one two, three four', 14)).toBe('one two…');
    expect(clipAtWord('abcdefghijkl', 6)).toBe('abcde…');
    for (const max of [10, 50, 200]) expect(clipAtWord('word '.repeat(100), max).length).toBeLessThanOrEqual(max);
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
      const paragraph = load(markdownToHtml(markdownOf(projectRoot, article)))('p').last().text();
      expect(paragraph.length).toBeGreaterThan(40);
      expect(source.includes(paragraph), article.slug).toBe(false);
    }
    const $ = load(source);
    expect($('dialog#article-dialog [data-article-body]').children().length).toBe(0);
  });

  it("should show each article's art on its card: AVIF and WebP, its size, an empty alt (it is decorative), lazy but for the featured one", async () => {
    const $ = await page('/blog');
    const cards = $('.article-card').toArray();
    expect(cards.length).toBe(content.articles.filter((a) => !a.draft).length);
    for (const card of cards) {
      const article = content.articles.find((a) => `/blog/${a.slug}/` === $(card).find('a[data-article]').attr('href'))!;
      expect(article.image, article.slug).toMatch(/^\/images\/blog\/.+\.png$/);
      const img = $(card).find('.card-image picture > img');
      expect(img.length, article.slug).toBe(1);
      // The featured card's art is the largest thing above the fold (the LCP element): never lazy.
      const featured = $(card).hasClass('article-card-featured');
      expect([img.attr('src'), img.attr('alt'), img.attr('width'), img.attr('height'), img.attr('loading'), img.attr('fetchpriority')]).toEqual([
        article.image,
        '',
        '2400',
        '1260',
        featured ? 'eager' : 'lazy',
        featured ? 'high' : undefined,
      ]);
      const sources = $(card).find('picture > source').toArray();
      expect(sources.map((el) => $(el).attr('type'))).toEqual(['image/avif', 'image/webp']);
      for (const el of sources) expect($(el).attr('srcset')).toMatch(/^\/assets\/img\/\S+ 480w, .+ 1600w$/);
    }
    expect($('.featured-visual').length).toBe(0);
  });

  it('should show the art under the byline of each article page, loaded first since it is the largest thing above the fold', async () => {
    for (const article of content.articles.filter((a) => !a.draft)) {
      const $ = await page(`/blog/${article.slug}/`);
      const img = $('.article-hero .byline + .article-image picture > img');
      expect([img.attr('src'), img.attr('alt'), img.attr('width'), img.attr('height'), img.attr('loading'), img.attr('fetchpriority')], article.slug).toEqual([
        article.image,
        '',
        '2400',
        '1260',
        'eager',
        'high',
      ]);
      expect($('.article-image source').length).toBe(2);
    }
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

  it('should give every image its width and height, so nothing shifts as it loads', async () => {
    let images = 0;
    for (const route of ownRoutes()) {
      const $ = await page(route);
      for (const img of $('img').toArray()) {
        expect(Number($(img).attr('width')), `${route} ${$(img).attr('src')}`).toBeGreaterThan(0);
        expect(Number($(img).attr('height')), `${route} ${$(img).attr('src')}`).toBeGreaterThan(0);
        images++;
      }
    }
    expect(images).toBeGreaterThanOrEqual(12);
  });

  it('should be valid HTML', async () => {
    const { HtmlValidate } = await import('html-validate');
    // The standard preset, plus the recommended preset's rule that phone numbers do not break (the audit runs it).
    const validator = new HtmlValidate({ extends: ['html-validate:standard'], rules: { 'tel-non-breaking': 'error' } });
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
