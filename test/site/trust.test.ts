/** Issue 13, "a clinic site patients trust": booking on phones, legal pages, medical review, the crisis line, built from the real content and checked with cheerio. */
import { load, type CheerioAPI } from 'cheerio';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../src/build.ts';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { diskWriter, memoryWriter } from '../../src/write/writer.ts';
import { editFile, projectRoot, removeProject, runCli, tempProject, siteErrorsOf } from '../helpers.ts';
import { realSite } from '../real-site.ts';

let out: string;
let content: Content;
let result: BuildResult;

beforeAll(async () => {
  ({ out, result } = await realSite());
  content = await loadContent(projectRoot);
});

const fileOf = (route: string) => (route === '/' ? 'index.html' : /^(\/es)?\/404$/.test(route) ? `${route.slice(1)}.html` : `${route.replace(/^\/|\/$/g, '')}/index.html`);
const page = async (route: string): Promise<CheerioAPI> => load(await readFile(join(out, fileOf(route)), 'utf8'));
const text = (value: string) => value.replace(/\s+/g, ' ').trim();
/** Every page of the built site, from the build's own file list. */
const allRoutes = () =>
  result.files
    .filter((f) => f.endsWith('.html'))
    .map((f) => (f === 'index.html' ? '/' : f.endsWith('404.html') ? `/${f.slice(0, -'.html'.length)}` : `/${f.replace(/\/index\.html$/, '')}`));
/** The English pages: the Spanish ones (under /es/, issue 28) have Spanish labels. */
const englishRoutes = () => allRoutes().filter((r) => r !== '/es' && !r.startsWith('/es/'));

describe('booking on phones', () => {
  it('should put a compact booking button beside the menu button on every page, raising start_visit_clicked / mobile_header', async () => {
    const routes = allRoutes();
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const $ = await page(route);
      const book = $('.header-inner > a.header-book');
      expect(book.length, route).toBe(1);
      const navigation = route === '/es' || route.startsWith('/es/') ? content.spanish!.content.navigation : content.navigation;
      expect(text(book.text()), route).toContain(navigation.bookVisitShort);
      expect(book.attr('href'), route).toBe(`${content.site.links.booking}?service=${content.site.bookingServices.visit}`);
      expect(book.attr('target')).toBe('_blank');
      expect(book.attr('rel')).toBe('noopener noreferrer');
      expect([book.attr('data-event'), book.attr('data-event-category'), book.attr('data-event-label')]).toEqual(['start_visit_clicked', 'conversion', 'mobile_header']);
      // Beside the menu button: the next elements of the header row are the no-JavaScript Menu link and the menu button.
      expect(book.nextAll('.menu-button').length, route).toBe(1);
    }
  });
});

describe('legal pages', () => {
  const legalIds = ['notice-of-privacy-practices', 'privacy-policy', 'terms-of-use', 'accessibility', 'nondiscrimination'];

  it('should publish the five legal pages from content/legal/ at /legal/ID', async () => {
    expect(content.legal.map((l) => l.id).sort()).toEqual([...legalIds].sort());
    for (const id of legalIds) {
      const $ = await page(`/legal/${id}`);
      const legal = content.legal.find((l) => l.id === id)!;
      expect(text($('h1').text())).toBe(legal.title);
      expect($('title').text()).toBe(`${legal.title} | ${content.site.name}`);
      expect($('meta[name="description"]').attr('content')).toBe(legal.description);
      expect($('link[rel="canonical"]').attr('href')).toBe(`${content.site.baseUrl}/legal/${id}/`);
      // The office's phone as a tel: link and its e-mail, at the end of every legal page.
      expect($('.legal-contact a[href^="tel:"]').length).toBe(1);
      expect($(`.legal-contact a[href="mailto:${content.site.email}"]`).length).toBe(1);
    }
  });

  it('should link every legal page from the footer of every page, a Spanish page to the Spanish one where there is one', async () => {
    const translated = new Set(content.spanish!.translations.map((t) => t.english));
    for (const route of allRoutes()) {
      const $ = await page(route);
      const hrefs = $('footer .footer-legal a').map((_, a) => $(a).attr('href')).get();
      const spanish = route === '/es' || route.startsWith('/es/');
      const wanted = content.legal.map((l) => `${spanish && translated.has(`content/legal/${l.id}.yaml`) ? '/es' : ''}/legal/${l.id}`);
      expect(hrefs, route).toEqual(wanted);
    }
    // The nondiscrimination notice and the Notice of Privacy Practices are in Spanish (issue 38).
    const $es = await page('/es/process');
    const spanishFooter = $es('footer .footer-legal a').map((_, a) => $es(a).attr('href')).get();
    expect(spanishFooter).toContain('/es/legal/nondiscrimination');
    expect(spanishFooter).toContain('/es/legal/notice-of-privacy-practices');
  });

  it('should say what each page must say: no collection without a measurement id, 911 and 988, WCAG 2.2 AA and a phone alternative', async () => {
    const privacy = text((await page('/legal/privacy-policy'))('main').text());
    expect(content.site.analytics.measurementId).toBeUndefined();
    expect(privacy).toContain('This website has no forms, no accounts and no analytics, and it sets no cookies.');
    expect(privacy).not.toContain('Google Analytics');
    for (const service of ['book a visit', 'intake form', 'patient portal', 'Google Maps']) expect(privacy).toContain(service);

    const $terms = await page('/legal/terms-of-use');
    expect(text($terms('main').text())).toContain('not medical advice');
    expect($terms('main a[href="tel:911"]').length).toBe(1);
    expect($terms('main a[href="tel:988"]').length).toBe(1);

    const $a11y = await page('/legal/accessibility');
    expect(text($a11y('main').text())).toContain('WCAG) 2.2 at level AA');
    expect(text($a11y('main').text())).toContain('by phone');
    expect(text((await page('/legal/nondiscrimination'))('main').text())).toContain('does not discriminate');
    expect(text((await page('/legal/notice-of-privacy-practices'))('main').text())).toContain('Office for Civil Rights');
  });

  it('should say in each file, not on the page, that counsel must review it, and never claim a review', async () => {
    for (const id of legalIds) {
      const source = await readFile(join(projectRoot, 'content', 'legal', `${id}.yaml`), 'utf8');
      const comments = source.split('\n').filter((l) => l.startsWith('#')).join(' ');
      expect(comments, id).toMatch(/legal counsel must review/);
      expect(comments, id).toMatch(/Nobody has reviewed it yet|Nobody has reviewed them yet/);
      const shown = text((await page(`/legal/${id}`))('main').text());
      expect(shown, id).not.toMatch(/counsel|reviewed by|approved by/i);
    }
  });

  it('should list the legal pages in the sitemap', async () => {
    const sitemap = await readFile(join(out, 'sitemap.xml'), 'utf8');
    for (const id of legalIds) expect(sitemap).toContain(`${content.site.baseUrl}/legal/${id}/`);
  });
});

describe('medical review', () => {
  it('should record no review that did not happen: the real content has none, and build names every medical file in a warning', () => {
    const reviewed = [...content.treatments.values(), ...content.services, ...content.articles].filter((p) => p.reviewedBy || p.reviewedOn);
    expect(reviewed).toEqual([]);
    const warning = result.warnings.find((w) => w.includes('never medically reviewed'));
    expect(warning).toBeDefined();
    for (const file of ['content/services/anxiety.yaml', 'content/treatments/ssri.yaml', 'content/blog/burnout-and-energy.md']) expect(warning).toContain(file);
    // Nothing claims a review on the real pages.
    return Promise.all(allRoutes().map(async (route) => expect((await page(route))('.review-byline').length, route).toBe(0)));
  });

  it('should give every treatment, service and article page MedicalWebPage structured data', async () => {
    for (const route of ['/services/brain/anxiety', '/treatments/ssri/', '/blog/burnout-and-energy/']) {
      const $ = await page(route);
      const blocks = $('script[type="application/ld+json"]').map((_, el) => JSON.parse($(el).text()) as Record<string, unknown>).get() as Record<string, unknown>[];
      const medical = blocks.find((b) => b['@type'] === 'MedicalWebPage');
      expect(medical, route).toBeDefined();
      expect(medical!.reviewedBy, route).toBeUndefined();
    }
  });

  it('should show "Medically reviewed by … · Updated …", MedicalWebPage reviewedBy and lastReviewed, and the references of a reviewed page', async () => {
    const dir = await tempProject();
    try {
      const today = new Date().toISOString().slice(0, 10);
      await editFile(dir, 'content/services/anxiety.yaml', /$/, `reviewedBy: jane-example\nreviewedOn: ${today}\n`);
      await editFile(dir, 'content/treatments/ssri.yaml', /$/, 'reviewedBy: jane-example\nreviewedOn: 2024-03-04\nsources:\n  - title: A Test Reference\n    publisher: Test Publisher\n    year: 2023\n    url: https://example.org/reference\n');
      const tempOut = join(dir, 'out');
      const built = await build({ root: dir, writer: diskWriter(tempOut, dir), today });
      const $ = load(await readFile(join(tempOut, 'services/brain/anxiety/index.html'), 'utf8'));
      expect(text($('.page-hero .review-byline').text())).toBe(`Medically reviewed by Dr. Jane Example, DNP, FNP-C · Updated ${new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`))}`);
      expect($('.review-byline time').attr('datetime')).toBe(today);
      const blocks = $('script[type="application/ld+json"]').map((_, el) => JSON.parse($(el).text()) as Record<string, any>).get() as Record<string, any>[];
      const medical = blocks.find((b) => b['@type'] === 'MedicalWebPage')!;
      expect(medical.lastReviewed).toBe(today);
      expect(medical.reviewedBy).toMatchObject({ '@type': 'Person', name: 'Dr. Jane Example', honorificSuffix: 'DNP, FNP-C' });

      const $t = load(await readFile(join(tempOut, 'treatments/ssri/index.html'), 'utf8'));
      expect(text($t('.review-byline').text())).toContain('Updated March 4, 2024');
      expect(text($t('.references li').text())).toBe('A Test Reference (opens in a new tab). Test Publisher, 2023.');
      expect($t('.references a').attr('href')).toBe('https://example.org/reference');
      // The fresh review is no longer reported; the review of 2024-03-04 is more than 12 months old.
      expect(built.warnings.join('\n')).not.toContain('content/services/anxiety.yaml');
      const outdated = built.warnings.find((w) => w.includes('more than 12 months'));
      expect(outdated).toContain('content/treatments/ssri.yaml');
    } finally {
      await removeProject(dir);
    }
  });

  it('should fail check --strict (exit 1), naming each unreviewed file, while plain check passes and warns', async () => {
    const strict = await runCli(['check', '--strict'], projectRoot);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('content/services/mood.yaml');
    expect(strict.stderr).toContain('has never been medically reviewed');
    const plain = await runCli(['check'], projectRoot);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('never medically reviewed');

    const errors = await siteErrorsOf(build({ root: projectRoot, writer: memoryWriter(), strictReview: true, today: '2026-06-01' }));
    // Besides the translations never reviewed by a qualified medical translator (issue 28).
    expect(errors.filter((e) => !e.code.startsWith('translation-')).every((e) => e.code === 'not-reviewed')).toBe(true);
    expect(errors.map((e) => e.loc!.file)).toContain('content/blog/hrt-glow-up.md');
  });

  it('should report an unknown reviewer where it is written, with the nearest provider id', async () => {
    const dir = await tempProject('unknown-reviewer');
    try {
      const errors = await siteErrorsOf(loadContent(dir));
      const error = errors.find((e) => e.code === 'unknown-reference')!;
      expect(error.loc).toEqual({ file: 'content/services/focus.yaml', line: 45, column: 13 });
      expect(error.message).toContain('jane-exampel');
      expect(error.hint).toBe('did you mean "jane-example"?');
    } finally {
      await removeProject(dir);
    }
  });

  it('should report a review date that does not exist at its line', async () => {
    const dir = await tempProject('bad-review-date');
    try {
      const errors = await siteErrorsOf(loadContent(dir));
      const error = errors.find((e) => e.code === 'invalid-date')!;
      expect(error.loc).toMatchObject({ file: 'content/blog/reviewed-note.md', line: 8 });
      expect(error.message).toContain('2025-02-30');
    } finally {
      await removeProject(dir);
    }
  });
});

describe('a face', () => {
  it("should show the founder's portrait, from her provider file, beside the bio in #about", async () => {
    const $ = await page('/');
    const founder = content.providers.get(content.home.about.founder)!;
    expect(founder.name).toBe('Dr. Jane Example');
    const img = $('#about .about-grid > figure.founder-portrait img');
    expect(img.attr('src')).toBe(founder.photo.src);
    expect(img.attr('alt')).toBe(founder.photo.alt);
    expect([img.attr('width'), img.attr('height')]).toEqual(['800', '1000']); // measured from the file: the provider file gives no size
    expect($('#about .founder-portrait source[type="image/avif"]').attr('srcset')).toMatch(/providers-jane-example-800-\w+\.avif 800w/);
    expect($('#about .about-grid > .about-copy p').length).toBe(content.home.about.bio.length + 1);
  });

  it('should make the portrait placeholder with a script, so a photo replaces it through content alone', async () => {
    const script = await readFile(join(projectRoot, 'scripts/artwork/portraits.mjs'), 'utf8');
    expect(script).toContain('public/images/providers/jane-example.jpg');
    const provider = await readFile(join(projectRoot, 'content/providers/jane-example.yaml'), 'utf8');
    expect(provider).toMatch(/^# .*illustration/im);
  });
});

describe('the crisis line', () => {
  const crisisOf = ($: CheerioAPI) => $('main .crisis-line').map((_, el) => $(el).attr('data-crisis-line')).get();

  it('should show the 988 Suicide & Crisis Lifeline near the top and at the close of the anxiety and mood pages, with tel: and sms: links', async () => {
    for (const route of ['/services/brain/anxiety', '/services/brain/mood']) {
      const $ = await page(route);
      expect(crisisOf($), route).toEqual(['top', 'close']);
      // Near the top: right after the hero; at the close: right before the closing call.
      expect($('main .page-hero').next().is('.crisis-line-top'), route).toBe(true);
      expect($('main .crisis-line-close').next().is('.closing-section'), route).toBe(true);
      for (const el of $('main .crisis-line').toArray()) {
        expect(text($(el).text()), route).toContain('988 Suicide & Crisis Lifeline');
        expect($(el).find('a[href="tel:988"]').length, route).toBeGreaterThan(0);
        expect($(el).find('a[href="sms:988"]').length, route).toBe(1);
      }
    }
  });

  it('should keep it off the other pages, and keep 911 as a tel: link in every footer', async () => {
    for (const route of allRoutes()) {
      const $ = await page(route);
      // The Spanish anxiety and mood pages carry it too.
      if (!['/services/brain/anxiety', '/services/brain/mood'].includes(route.replace(/^\/es(?=\/)/, ''))) expect(crisisOf($), route).toEqual([]);
      expect($('footer a[href="tel:911"]').length, route).toBe(1);
    }
  });

  it('should show it on articles of a category marked mentalHealth in content/blog.yaml', async () => {
    expect(content.blogPage.categories.filter((c) => c.mentalHealth).map((c) => c.name)).toEqual(['Mental Health']);
    const dir = await tempProject();
    try {
      await editFile(dir, 'content/blog/burnout-and-energy.md', /^category: .*$/m, 'category: Mental Health');
      const tempOut = join(dir, 'out');
      await build({ root: dir, writer: diskWriter(tempOut, dir) });
      const $ = load(await readFile(join(tempOut, 'blog/burnout-and-energy/index.html'), 'utf8'));
      expect(crisisOf($)).toEqual(['top', 'close']);
      expect($('main .crisis-line a[href="sms:988"]').length).toBe(2);
      const other = load(await readFile(join(tempOut, 'blog/hrt-glow-up/index.html'), 'utf8'));
      expect(crisisOf(other)).toEqual([]);
    } finally {
      await removeProject(dir);
    }
  });
});

describe('blog category colours', () => {
  it('should give each category one colour on every card and article page', async () => {
    const colours = new Map<string, Set<string>>();
    const note = (category: string, classes: string | undefined) => {
      const accent = (classes ?? '').split(' ').find((c) => c.startsWith('accent-')) ?? 'none';
      colours.set(category, (colours.get(category) ?? new Set()).add(accent));
    };
    const $blog = await page('/blog');
    $blog('[data-article-card]').each((_, card) => {
      const badge = $blog(card).find('.category-badge');
      note(text(badge.text()), badge.attr('class'));
      note(text(badge.text()), $blog(card).attr('class'));
    });
    for (const article of content.articles) {
      const $ = await page(`/blog/${article.slug}/`);
      note(article.category, $('main .category-badge').attr('class'));
    }
    expect(colours.size).toBe(new Set(content.articles.map((a) => a.category)).size);
    for (const [category, set] of colours) {
      const defined = content.blogPage.categories.find((c) => c.name === category)!;
      expect([...set], category).toEqual([`accent-${defined.color}`]);
    }
  });
});

describe('markup', () => {
  it('should keep the legal pages and the pages this issue changed valid HTML', async () => {
    const { HtmlValidate } = await import('html-validate');
    const validator = new HtmlValidate({ extends: ['html-validate:standard'], rules: { 'tel-non-breaking': 'error' } });
    const routes = ['/', '/blog', '/404', '/services/brain/anxiety', '/treatments/ssri/', '/blog/burnout-and-energy/', ...content.legal.map((l) => `/legal/${l.id}`)];
    for (const route of routes) {
      const report = await validator.validateString(await readFile(join(out, fileOf(route)), 'utf8'));
      expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)), route).toEqual([]);
    }
  });
});

describe('less template', () => {
  it('should give each card of a service page its own icon', async () => {
    for (const service of content.services) {
      const $ = await page(`/services/${service.pillar}/${service.id}`);
      const icons = $('.treatment-cards .card-icon svg').map((_, svg) => $.html(svg)).get();
      expect(icons.length, service.id).toBe(service.treatments.cards.length);
      expect(new Set(icons).size, service.id).toBe(icons.length);
    }
    // The men's and women's cards no longer all share the heartbeat icon.
    for (const id of ['mens-health', 'womens-health']) {
      const service = content.services.find((s) => s.id === id)!;
      expect(service.treatments.cards.map((c) => c.icon).filter((i) => i === 'heartbeat')).toEqual([]);
    }
  });

  it('should show on phones that the pillar strip scrolls: a dot per pillar and a hint', async () => {
    const $ = await page('/');
    expect($('#services .pillars-hint .pillar-dot').length).toBe(content.home.services.pillars.length);
    expect(text($('#services .pillars-hint').text())).toBe(content.home.services.swipeHint);
    expect($('#services .pillars-hint').attr('aria-hidden')).toBe('true');
  });

  it('should keep the budgets: script at most 5 KB, CSS at most 20 KB gzip, every page at most 30 KB gzip', () => {
    const js = result.assets.find((a) => a.file.endsWith('.js'))!;
    const css = result.assets.find((a) => a.file.endsWith('.css'))!;
    expect(js.gzip).toBeLessThanOrEqual(5 * 1024);
    expect(css.gzip).toBeLessThanOrEqual(20 * 1024);
    expect(result.largestPage!.gzip).toBeLessThanOrEqual(30 * 1024);
  });
});

describe('copy a patient can trust', () => {
  it('should spell "personalized" the US way in every content file', async () => {
    const { readdir } = await import('node:fs/promises');
    const files = (await readdir(join(projectRoot, 'content'), { recursive: true })).filter((f) => /\.(ya?ml|md)$/.test(f));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) expect(await readFile(join(projectRoot, 'content', file), 'utf8'), file).not.toMatch(/personalis/i);
    expect(text((await page('/'))('main').text())).toContain('A personalized supplement protocol where appropriate');
  });

  it('should write every button label in Title Case', async () => {
    const small = new Set(['a', 'an', 'the', 'to', 'of', 'and', 'or', 'in', 'on', 'for', 'with']);
    const labels = new Set<string>();
    for (const route of englishRoutes()) {
      const $ = await page(route);
      $('a.button, button.button, .cta-link, .pillar-toggle').each((_, el) => {
        const clone = $(el).clone();
        clone.find('.visually-hidden').remove();
        const label = text(clone.text());
        if (label) labels.add(label);
      });
    }
    expect(labels.size).toBeGreaterThan(10);
    for (const label of labels) {
      const words = label.split(' ').filter((w, i) => i === 0 || !small.has(w));
      expect(words.every((w) => /^[A-Z0-9(]/.test(w)), label).toBe(true);
    }
  });

  it("should share no paragraph word for word between the men's and women's pages", async () => {
    const paragraphs = async (route: string) => {
      const $ = await page(route);
      return new Set($('main p, main li, main dd').map((_, el) => text($(el).text())).get().filter((p) => p.length > 40));
    };
    const men = await paragraphs('/services/body/mens-health');
    const women = await paragraphs('/services/body/womens-health');
    expect([...men].filter((p) => women.has(p))).toEqual([]);
  });

  it('should frame every dose as typical and decided by the provider, keeping the SPEC ranges exact', () => {
    for (const treatment of content.treatments.values()) {
      expect(treatment.dosage, treatment.id).toMatch(/typical/i);
      expect(treatment.dosage, treatment.id).toMatch(/provider/i);
    }
    const dosage = (id: string) => content.treatments.get(id)!.dosage.replace(/\s+/g, ' ');
    expect(dosage('testosterone-optimization')).toContain('100-200 mg weekly');
    expect(dosage('enclomiphene')).toContain('12.5-25 mg daily');
    expect(dosage('nad')).toContain('250-750 mg');
    expect(dosage('low-dose-naltrexone')).toContain('1.5-4.5 mg at bedtime');
  });

  it('should keep the SPEC heading and text on the 404 page and offer the services, the phone number and booking', async () => {
    const $ = await page('/404');
    expect(text($('h1').text())).toBe('404 Page Not Found');
    expect(text($('main .lead').text())).toContain('Did you forget to add the page to the router?');
    const services = content.navigation.services.groups.flatMap((g) => g.items.map((i) => i.href));
    for (const href of services) expect($(`main a[href="${href}"]`).length, href).toBe(1);
    expect($('main a[href^="tel:"]').length).toBe(1);
    expect($(`main a[href="${content.site.links.booking}?service=${content.site.bookingServices.visit}"]`).length).toBe(1);
  });

  it("should count the 404 page's booking button as start_visit_clicked, conversion, not_found, like every other booking button", async () => {
    const $ = await page('/404');
    const button = $(`main a[href="${content.site.links.booking}?service=${content.site.bookingServices.visit}"]`);
    expect([button.attr('data-event'), button.attr('data-event-category'), button.attr('data-event-label')]).toEqual(['start_visit_clicked', 'conversion', 'not_found']);
  });
});

describe('sharing images', () => {
  it('should share art drawn at twice its size as a 1200x630 copy that exists in the output', async () => {
    const sharp = (await import('sharp')).default;
    for (const article of content.articles.filter((a) => a.image)) {
      const $ = await page(`/blog/${article.slug}/`);
      const url = new URL($('meta[property="og:image"]').attr('content')!);
      expect([$('meta[property="og:image:width"]').attr('content'), $('meta[property="og:image:height"]').attr('content')], article.slug).toEqual(['1200', '630']);
      const meta = await sharp(join(out, url.pathname)).metadata();
      expect([meta.width, meta.height], article.slug).toEqual([1200, 630]);
    }
  });
});
