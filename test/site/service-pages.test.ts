/** The pellet page, lab sales, InBody and the eight service pages, built from the real content and checked with cheerio. */
import { load, type Cheerio, type CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';
import { realSite } from '../real-site.ts';

let out: string;
let content: Content;

beforeAll(async () => {
  ({ out } = await realSite());
  content = await loadContent(projectRoot);
});

const fileOf = (route: string) => `${route.replace(/^\//, '')}/index.html`;
const page = async (route: string): Promise<CheerioAPI> => load(await readFile(join(out, fileOf(route)), 'utf8'));
const text = ($el: Cheerio<Element>) => $el.text().replace(/\s+/g, ' ').trim();
const jsonLd = ($: CheerioAPI) => $('script[type="application/ld+json"]').map((_, el) => JSON.parse($(el).text()) as Record<string, unknown>).get() as Record<string, unknown>[];

/** The SPEC's service pages: route, tag line (SPEC §9), cards (SPEC §2), closing heading and target (SPEC §7). */
const servicePages = [
  { id: 'anxiety', route: '/services/brain/anxiety', tagline: undefined, cards: ['ssri', 'low-dose-naltrexone'], closing: undefined, button: 'Schedule Consultation', link: 'newPatientIntake', service: undefined, event: 'anxiety_consultation_click' },
  { id: 'focus', route: '/services/brain/focus', tagline: undefined, cards: ['bupropion', 'methylene-blue'], closing: undefined, button: 'Schedule Consultation', link: 'newPatientIntake', service: undefined, event: 'focus_consultation_click' },
  { id: 'mood', route: '/services/brain/mood', tagline: 'Emotional Balance • Mental Wellness • Personalized Care', cards: ['ssri', 'nad'], closing: 'Ready to Improve Your Mood?', button: 'Schedule Consultation', link: 'newClientIntake', service: undefined, event: 'mood_consultation_click' },
  { id: 'mens-health', route: '/services/body/mens-health', tagline: 'Testosterone Therapy • Weight Loss • Sexual Health', cards: ['testosterone-optimization', 'mens-metabolic-health', 'mens-sexual-health'], closing: 'Ready to Optimize Your Health?', button: undefined, link: 'booking', service: 'mens-health', event: 'mens_health_consultation_click' },
  { id: 'womens-health', route: '/services/body/womens-health', tagline: 'Hormone Balance • PCOS Treatment • Weight Loss', cards: ['perimenopause-menopause', 'pcos-hormonal-health', 'womens-metabolic-health'], closing: undefined, button: undefined, link: 'booking', service: 'womens-health', event: 'diagnostic_experience_clicked' },
  { id: 'peptide-therapy', route: '/services/well/peptide-therapy', tagline: 'Recovery • Performance • Longevity', cards: ['peptide-therapy', 'longevity-anti-aging'], closing: 'Ready to Optimize Your Recovery?', button: 'Schedule Consultation', link: 'newClientIntake', service: undefined, event: 'peptide_therapy_consultation_click' },
  { id: 'thyroid', route: '/services/well/thyroid', tagline: 'Energy • Metabolism • Sleep Optimization', cards: ['thyroid-metabolic-optimization', 'sleep-energy-resilience'], closing: 'Ready to Optimize Your Energy?', button: 'Schedule Consultation', link: 'newClientIntake', service: undefined, event: 'thyroid_consultation_click' },
  { id: 'immune-support', route: '/services/well/immune-support', tagline: 'Autoimmune Support • Pain Relief • Immune Modulation', cards: ['immune-inflammation-support'], closing: 'Ready to Support Your Immune System?', button: undefined, link: 'newClientIntake', service: undefined, event: 'immune_support_consultation_click' },
  // Not in the SPEC's table: the page of its empty "Weight Loss / Metabolic Program" menu group (issue 26, item 5).
  {
    id: 'weight-loss',
    route: '/services/body/weight-loss',
    tagline: 'Fat Loss • Metabolic Health • Steady Energy',
    cards: ['glp1', 'liraglutide', 'metformin', 'l-carnitine', 'vitamin-b12'],
    closing: 'Ready to Start Your Metabolic Plan?',
    button: 'Schedule Consultation',
    link: 'newClientIntake',
    service: undefined,
    // SPEC §7 names no event for this page, and an event it does not name is refused by the audit.
    event: undefined,
  },
] as const;

const otherPages = ['/memberships', '/lab-sales', '/inbody-analysis'] as const;
const allRoutes = [...servicePages.map((s) => s.route), ...otherPages];

/** The address an external call to action must open. */
function target(link: keyof Content['site']['links'], service?: string): string {
  const url = new URL(content.site.links[link]);
  if (service) url.searchParams.set('service', service);
  return url.href;
}

/** An external link with its event: new tab, no opener or referrer, the event's name, category and label. */
function expectOutbound($a: Cheerio<Element>, href: string, event?: { name: string; category?: string; label?: string }): void {
  expect($a.length, `a link to ${href}`).toBe(1);
  expect($a.attr('href')).toBe(href);
  expect($a.attr('target')).toBe('_blank');
  expect($a.attr('rel')).toBe('noopener noreferrer');
  if (event) {
    expect($a.attr('data-event')).toBe(event.name);
    if (event.category) expect($a.attr('data-event-category')).toBe(event.category);
    if (event.label) expect($a.attr('data-event-label')).toBe(event.label);
  }
}

describe('every page of part 2', () => {
  it('should have its own metadata entry, one h1, and a BreadcrumbList from home', async () => {
    for (const route of allRoutes) {
      const $ = await page(route);
      const meta = content.metadata[route]!;
      expect(meta, route).toBeDefined();
      expect($('title').text()).toBe(`${meta.title} | ${content.site.name}`);
      expect($('meta[name="description"]').attr('content')).toBe(meta.description);
      expect($('meta[name="keywords"]').attr('content')).toBe(meta.keywords.join(', '));
      expect($('link[rel="canonical"]').attr('href')).toBe(`${content.site.baseUrl}${route}/`);
      expect($('h1').length, route).toBe(1);
      const crumbs = jsonLd($).find((d) => d['@type'] === 'BreadcrumbList') as { itemListElement: { position: number; name: string; item: string }[] } | undefined;
      expect(crumbs, route).toBeDefined();
      expect(crumbs!.itemListElement.map((i) => i.item)).toEqual([`${content.site.baseUrl}/`, `${content.site.baseUrl}${route}/`]);
      expect(crumbs!.itemListElement[1]!.name).toBe(text($('h1')));
    }
  });

  it('should have no style attributes, no inline scripts, and every external link in a new tab without opener', async () => {
    for (const route of allRoutes) {
      const $ = await page(route);
      expect($('[style]').length, route).toBe(0);
      $('script').each((_, el) => {
        const script = $(el);
        expect(script.attr('src') !== undefined || script.attr('type') === 'application/ld+json', `${route}: inline script`).toBe(true);
      });
      $('main a[href^="http"]').each((_, el) => {
        expect($(el).attr('target'), `${route} ${$(el).attr('href')}`).toBe('_blank');
        expect($(el).attr('rel')).toBe('noopener noreferrer');
      });
    }
  });

  it('should give every image its real width and height, and keep artwork small', async () => {
    let images = 0;
    for (const route of allRoutes) {
      const $ = await page(route);
      for (const el of $('main img').toArray()) {
        const img = $(el);
        const src = img.attr('src')!;
        const file = join(projectRoot, 'public', src);
        const { width, height } = await sharp(file).metadata();
        expect(img.attr('width'), src).toBe(String(width));
        expect(img.attr('height'), src).toBe(String(height));
        expect(img.attr('alt'), src).toBeTruthy();
        expect((await stat(file)).size, `${src} is over 60 KB`).toBeLessThan(60 * 1024);
        images++;
      }
    }
    expect(images).toBe(12); // 3 body-scan cards and 9 service heroes (the weight-loss page of issue 26 included)
  });

  it('should be valid HTML', async () => {
    const { HtmlValidate } = await import('html-validate');
    // The standard preset, plus the recommended preset's rule that phone numbers do not break (the audit runs it).
    const validator = new HtmlValidate({ extends: ['html-validate:standard'], rules: { 'tel-non-breaking': 'error' } });
    for (const route of allRoutes) {
      const report = await validator.validateString(await readFile(join(out, fileOf(route)), 'utf8'));
      const messages = report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`));
      expect(messages, route).toEqual([]);
    }
  });
});

describe('service pages', () => {
  it("should be the SPEC's eight pages and the weight-loss page, built from one template", async () => {
    expect(content.services.map((s) => s.id).sort()).toEqual(servicePages.map((s) => s.id).sort());
    for (const spec of servicePages) {
      const $ = await page(spec.route);
      expect($('.service-page').length, spec.route).toBe(1);
    }
  });

  it("should show each hero's exact tag line", async () => {
    for (const spec of servicePages) {
      const $ = await page(spec.route);
      const tagline = text($('.page-hero-tagline'));
      expect(tagline, spec.route).toBeTruthy();
      if (spec.tagline) expect(tagline).toBe(spec.tagline);
    }
  });

  it('should show the treatment cards the SPEC names, in order, with dosage under its label (closed until opened)', async () => {
    for (const spec of servicePages) {
      const $ = await page(spec.route);
      const cards = $('.treatment-card');
      expect(cards.map((_, el) => text($(el).find('h3'))).get(), spec.route).toEqual(spec.cards.map((id) => content.treatments.get(id)!.title));
      cards.each((i, el) => {
        const card = $(el);
        const treatment = content.treatments.get(spec.cards[i]!)!;
        expect(text(card.find('details.dosage-box > summary'))).toBe(spec.id === 'mood' ? 'Dosage & Administration' : 'Treatment Protocol');
        expect(card.find('details.dosage-box').attr('open'), spec.route).toBeUndefined();
        expect(text(card.find('.dosage-box p'))).toBe(treatment.dosage.replace(/\s+/g, ' '));
        expect(text(card.find('.treatment-description'))).toBe(treatment.description.replace(/\s+/g, ' '));
      });
    }
  });

  it('should show only the first two questions per card, except all of them on immune support', async () => {
    for (const spec of servicePages) {
      const $ = await page(spec.route);
      const shown: { question: string; answer: string }[] = [];
      $('.treatment-card').each((i, el) => {
        const faq = content.treatments.get(spec.cards[i]!)!.faq;
        const expected = spec.id === 'immune-support' ? faq : faq.slice(0, 2);
        const questions = $(el).find('.faq-item summary').map((_, s) => text($(s))).get();
        expect(questions, `${spec.route} card ${i + 1}`).toEqual(expected.map((f) => f.question));
        shown.push(...expected);
      });
      if (spec.id === 'immune-support') expect(shown.length).toBe(content.treatments.get('immune-inflammation-support')!.faq.length);
      const faqPage = jsonLd($).find((d) => d['@type'] === 'FAQPage') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
      expect(faqPage.mainEntity.map((q) => q.name), spec.route).toEqual(shown.map((f) => f.question));
      expect(faqPage.mainEntity.map((q) => q.acceptedAnswer.text)).toEqual(shown.map((f) => f.answer));
    }
  });

  it("should show anxiety's conditions as badges and focus's benefits", async () => {
    const anxiety = await page('/services/brain/anxiety');
    anxiety('.treatment-card').each((i, el) => {
      const indications = content.treatments.get(['ssri', 'low-dose-naltrexone'][i]!)!.indications;
      expect(anxiety(el).find('.badge').map((_, b) => text(anxiety(b))).get()).toEqual(indications);
    });
    const focus = await page('/services/brain/focus');
    const cards = content.services.find((s) => s.id === 'focus')!.treatments.cards;
    focus('.treatment-card').each((i, el) => {
      expect(focus(el).find('.treatment-extra h4').text()).toBe('Benefits');
      expect(focus(el).find('.treatment-extra li').map((_, b) => text(focus(b))).get()).toEqual(cards[i]!.benefits);
    });
    for (const spec of servicePages.filter((s) => s.id !== 'anxiety' && s.id !== 'focus')) {
      const $ = await page(spec.route);
      expect($('.treatment-extra').length, spec.route).toBe(0);
    }
  });

  it('should lay out mood as a two-column grid of two cards', async () => {
    const $ = await page('/services/brain/mood');
    expect($('.treatment-cards.treatment-cards-2 > .treatment-card').length).toBe(2);
  });

  it('should close with the right heading, button, external target and event', async () => {
    for (const spec of servicePages) {
      const $ = await page(spec.route);
      const service = content.services.find((s) => s.id === spec.id)!;
      const closing = $('.closing-cta');
      expect(closing.length).toBe(1);
      if (spec.closing) expect(text(closing.find('h2'))).toBe(spec.closing);
      else expect(text(closing.find('h2')), spec.route).toMatch(/^Ready to .+\?$/);
      const link = closing.find('a');
      expectOutbound(link, target(spec.link, spec.service), spec.event && { name: spec.event, category: 'conversion', label: service.label });
      if (!spec.event) expect(link.attr('data-event')).toBeUndefined();
      if (spec.button) expect(text(link)).toBe(`${spec.button} (opens in a new tab)`);
    }
  });

  it("should give men's and women's health a hero image and Book The Diagnostic Experience", async () => {
    for (const [route, service, event] of [
      ['/services/body/mens-health', 'mens-health', 'mens_health_consultation_click'],
      ['/services/body/womens-health', 'womens-health', 'womens_health_consultation_click'],
    ] as const) {
      const $ = await page(route);
      const img = $('.page-hero img');
      expect(img.length, route).toBe(1);
      expect(img.attr('loading')).toBe('eager');
      const button = $('.page-hero a.button');
      expect(text(button)).toBe('Book The Diagnostic Experience (opens in a new tab)');
      expectOutbound(button, target('booking', service), { name: event, category: 'conversion', label: content.services.find((s) => s.id === service)!.label });
    }
    const womens = await page('/services/body/womens-health');
    const link = womens('.closing-cta a');
    expect(link.hasClass('cta-link')).toBe(true);
    expect(link.hasClass('button')).toBe(false);
    expect(link.attr('data-event')).toBe('diagnostic_experience_clicked');
  });

  it('should give every service page one hero (image and booking action) and a booking action after each treatment card', async () => {
    for (const spec of servicePages) {
      const $ = await page(spec.route);
      const service = content.services.find((s) => s.id === spec.id)!;
      const booking = service.hero.action ?? service.closing.action;
      const img = $('.page-hero img');
      expect(img.length, spec.route).toBe(1);
      expect(img.attr('loading'), spec.route).toBe('eager');
      const heroButton = $('.page-hero a.button');
      expect(text(heroButton), spec.route).toBe(`${booking.label} (opens in a new tab)`);
      const event = booking.event && { name: booking.event.name, category: 'conversion', label: service.label };
      expectOutbound(heroButton, target(booking.link, booking.service), event);
      $('.treatment-card').each((_, card) => {
        const action = $(card).find('.treatment-card-action a');
        expect(text(action), spec.route).toBe(`${booking.label} (opens in a new tab)`);
        expectOutbound(action, target(booking.link, booking.service), event);
      });
      // The outline lists the cards and the conditions section, and is shown only when that makes three or more.
      const entries = spec.cards.length + (service.conditions ? 1 : 0);
      expect($('.on-this-page li').length, spec.route).toBe(entries >= 3 ? entries : 0);
    }
  });

  it('should list the conditions immune support treats in three columns', async () => {
    const $ = await page('/services/well/immune-support');
    const columns = $('.condition-column');
    expect(columns.map((_, el) => text($(el).find('h3'))).get()).toEqual(['Autoimmune', 'Chronic Pain', 'Long COVID']);
    const items = columns.map((_, el) => [$(el).find('li').map((__, li) => text($(li))).get()]).get() as string[][];
    expect(items).toEqual([
      ["Hashimoto's", 'rheumatoid arthritis', 'multiple sclerosis', 'inflammatory bowel disease'],
      ['fibromyalgia', 'chronic fatigue syndrome', 'neuropathic pain'],
      ['post-viral fatigue', 'brain fog', 'immune dysfunction'],
    ]);
    expect(text($('#conditions-we-treat h2'))).toBe('Conditions We Treat');
  });

  it('should link each hero and closing only to services site.yaml names', async () => {
    const known = Object.values(content.site.bookingServices);
    for (const service of content.services) {
      for (const action of [service.hero.action, service.closing.action]) if (action?.service) expect(known).toContain(action.service);
    }
  });
});

describe('hormone pellet page', () => {
  it('should show the certified-provider badge, what BHRT is, and symptoms for women and men', async () => {
    const $ = await page('/memberships');
    expect(text($('.certified-badge'))).toMatch(/certified/i);
    expect(text($('#what-is-bhrt h2'))).toBe('What Is BHRT?');
    expect(text($('#what-is-bhrt'))).toContain('Bioidentical hormone replacement therapy (BHRT)');
    const lists = $('#symptoms .symptom-card');
    expect(lists.map((_, el) => text($(el).find('h3'))).get()).toEqual(['Symptoms in women', 'Symptoms in men']);
    lists.each((_, el) => expect($(el).find('li').length).toBeGreaterThanOrEqual(5));
  });

  it('should state the pellet facts of SPEC §9 exactly', async () => {
    const $ = await page('/memberships');
    const method = text($('#pellet-method'));
    expect(method).toMatch(/rice-sized/i);
    expect(method).toContain('dissolve slowly over 3-5 months');
    expect(method).toContain('Full results may take two cycles');
    expect(method).toContain('every 3-6 months');
    expect(text($('#why-pellets'))).toContain('Members in a treatment plan save up to $200');
  });

  it('should list four getting-started steps', async () => {
    const $ = await page('/memberships');
    expect($('#getting-started .step-card').length).toBe(4);
  });

  it('should end with the phone number and Book Online raising biote_pellet_inquiry', async () => {
    const $ = await page('/memberships');
    const closing = $('.closing-cta');
    const phone = closing.find('a[href^="tel:"]');
    // "Call (555) 010-0142" on one line: non-breaking spaces and hyphens.
    expect(phone.text()).toBe(`${content.memberships.closing.phoneLabel} ${content.site.phone}`.replace(/ /g, '\u00a0').replace(/-/g, '\u2011'));
    expect($('.page-hero a[href^="tel:"]').text()).toBe(phone.text());
    expect(phone.attr('href')).toBe(`tel:${content.site.phone.replace(/[^\d+]/g, '')}`);
    expect(phone.attr('data-event')).toBe('biote_pellet_inquiry');
    const book = closing.find('a[target="_blank"]');
    expect(text(book)).toBe('Book Online (opens in a new tab)');
    expectOutbound(book, target('booking'), { name: 'biote_pellet_inquiry', category: 'conversion', label: 'closing' });
    const heroBook = $('.page-hero a[target="_blank"]');
    expectOutbound(heroBook, target('booking'), { name: 'biote_pellet_inquiry', label: 'hero' });
  });
});

describe('lab sales page', () => {
  const titles = ["Men's Hormone and Wellness", "Women's Hormone and Wellness", 'GI-MAP plus Zonulin', 'DUTCH Complete'];

  it('should show the four panels with icon, descriptions, features and best-for text', async () => {
    const $ = await page('/lab-sales');
    const cards = $('.lab-panel-card');
    expect(cards.map((_, el) => text($(el).find('h3'))).get()).toEqual(titles);
    cards.each((i, el) => {
      const card = $(el);
      const panel = content.labSales.panels[i]!;
      expect(card.find('.card-icon svg').length).toBe(1);
      expect(text(card.find('.lab-panel-description'))).toBe(panel.description);
      expect(text(card)).toContain(panel.longDescription.replace(/\s+/g, ' '));
      expect(card.find('.check-list li').map((_, li) => text($(li))).get()).toEqual(panel.features);
      expect(text(card.find('.best-for h4'))).toBe('Best for');
      expect(text(card.find('.best-for p'))).toBe(panel.bestFor);
    });
  });

  it('should order each panel from the lab storefront in a new tab, labelled with the panel id', async () => {
    const $ = await page('/lab-sales');
    $('.lab-panel-card').each((i, el) => {
      const button = $(el).find('a');
      expect(text(button)).toBe('Order This Test (opens in a new tab)');
      expectOutbound(button, target('labStore'), { name: 'lab_purchase_click', category: 'conversion', label: content.labSales.panels[i]!.id });
    });
    expect(new Set(content.labSales.panels.map((p) => p.id)).size).toBe(4);
  });

  it('should offer Browse All Tests', async () => {
    const $ = await page('/lab-sales');
    const browse = $('a').filter((_, el) => text($(el)).startsWith('Browse All Tests'));
    expect(browse.length).toBeGreaterThanOrEqual(1);
    browse.each((_, el) => expectOutbound($(el), target('labStore')));
  });
});

describe('InBody analysis page', () => {
  const offerings = [
    { title: 'InBody 570 Scan', price: '$25', duration: '45 seconds', savings: undefined },
    { title: 'InGrip Add-On', price: '$10', duration: '5 minutes', savings: undefined },
    { title: 'Scan and Grip Package', price: '$30', duration: 'under 10 minutes', savings: 'Save $5' },
  ];

  it('should show the scan, the add-on and the package with price, time, description, features, benefits and image', async () => {
    const $ = await page('/inbody-analysis');
    const cards = $('.scan-card');
    expect(cards.length).toBe(3);
    cards.each((i, el) => {
      const card = $(el);
      const expected = offerings[i]!;
      const offering = content.inbody.offerings[i]!;
      expect(text(card.find('h3'))).toBe(expected.title);
      expect(text(card.find('.scan-price'))).toBe(expected.price);
      expect(text(card.find('.scan-facts'))).toContain(expected.duration);
      if (expected.savings) expect(text(card.find('.savings-badge'))).toBe(expected.savings);
      expect(card.find('img').attr('src')).toBe(offering.image.src);
      expect(text(card)).toContain(offering.description.replace(/\s+/g, ' '));
      for (const item of [...offering.features, ...offering.benefits]) expect(text(card)).toContain(item);
    });
  });

  it('should schedule each offering through the new-patient intake, labelled with the offering id', async () => {
    const $ = await page('/inbody-analysis');
    $('.scan-card').each((i, el) => {
      expectOutbound($(el).find('a.button'), target('newPatientIntake'), { name: 'inbody_schedule_click', category: 'conversion', label: content.inbody.offerings[i]!.id });
    });
  });

  it('should recommend a scan every four to eight weeks', async () => {
    const $ = await page('/inbody-analysis');
    expect(text($('#how-often'))).toContain('every four to eight weeks');
  });
});
