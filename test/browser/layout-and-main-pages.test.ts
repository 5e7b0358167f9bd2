/**
 * The shared layout, home, blog, articles, treatment pages, process and not-found pages in Chromium: the drawer, the
 * Services dropdown, the pillars, the treatment and article dialogs, smooth scrolling, every analytics event, keyboard
 * use, the pages without JavaScript, and no axe-core violations at 390 and 1280 px (also with the drawer, dropdown and
 * dialogs open).
 */
import { markdownOf } from '../../src/markdown/source.ts';
import { markdownToHtml } from '../../src/markdown/markdown.ts';
import { load } from 'cheerio';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { projectRoot } from '../helpers.ts';
import { axeSource, servedSite, type ServedSite } from './static-server.ts';

const pages = ['/', '/blog', '/blog/why-we-started/', '/process', '/treatments/glp1/', '/no-such-page'];

let content: Content;
let site: ServedSite;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  content = await loadContent(projectRoot);
  site = await servedSite();
  ({ origin, browser } = site);
});
afterAll(async () => {
  await site?.close();
});

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Every request that left for another origin (answered by a stub). */
  external: string[];
}

/** A fresh browser context at a width; other origins get a stub page so nothing leaves the machine. */
async function open(path: string, options: { width?: number; height?: number; js?: boolean; motion?: 'reduce' | 'no-preference'; init?: () => void } = {}): Promise<Opened> {
  const { width = 1280, height = 900, js = true, motion = 'reduce' } = options;
  const context = await browser.newContext({ viewport: { width, height }, javaScriptEnabled: js, reducedMotion: motion });
  const external: string[] = [];
  await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => {
    external.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub</p>' });
  });
  if (options.init) await context.addInitScript(options.init);
  const page = await context.newPage();
  await page.goto(origin + path);
  return { page, context, external };
}

type Command = unknown[];
/** The gtag commands the page pushed, with dates as 'Date' and arguments objects as arrays. */
function dataLayer(page: Page): Promise<Command[]> {
  return page.evaluate(() => (window.dataLayer as ArrayLike<unknown>[]).map((args) => Array.from(args).map((v) => (v instanceof Date ? 'Date' : v))));
}
async function events(page: Page): Promise<Command[]> {
  return (await dataLayer(page)).filter((c) => c[0] === 'event');
}
const event = (name: string, category: string, label: string): Command => ['event', name, { event_category: category, event_label: label, value: undefined }];

/** Where focus is: inside which element (by selector), or which element it is. */
const focusIn = (page: Page, selector: string) => page.evaluate((s) => !!document.activeElement?.closest(s), selector);
const focused = (page: Page, selector: string) => page.evaluate((s) => document.activeElement === document.querySelector(s), selector);

/** Clicks a link that opens a new tab and returns the new tab's address. */
async function clickPopup(page: Page, selector: string): Promise<string> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.click(selector)]);
  await popup.waitForLoadState();
  const url = popup.url();
  await popup.close();
  return url;
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    // Colours are measured as painted: let a panel or dialog that is still fading in finish first.
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    const axe = (window as unknown as { axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    // target-size (WCAG 2.2, 2.5.8) is off in axe by default; the site holds to it.
    const result = await axe.run(document, { iframes: false, resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

function booking(service?: string): string {
  const url = new URL(content.site.links.booking);
  if (service) url.searchParams.set('service', service);
  return url.href;
}

describe('header and drawer', () => {
  it('should be sticky and 96 px high', async () => {
    for (const width of [390, 1280]) {
      const { page, context } = await open('/', { width });
      await page.evaluate(() => window.scrollTo(0, 2000));
      const box = await page.locator('.site-header').boundingBox();
      expect(box, `${width}`).toMatchObject({ y: 0, height: 96 });
      await context.close();
    }
  });

  it('should open the drawer from the menu button below 768 px and show the desktop navigation from 768 px', async () => {
    const narrow = await open('/', { width: 767 });
    expect(await narrow.page.isVisible('.menu-button')).toBe(true);
    expect(await narrow.page.isVisible('.nav-desktop')).toBe(false);
    await narrow.context.close();
    const wide = await open('/', { width: 768 });
    expect(await wide.page.isVisible('.menu-button')).toBe(false);
    expect(await wide.page.isVisible('.nav-desktop')).toBe(true);
    expect(await wide.page.isVisible('.header-actions')).toBe(true);
    await wide.context.close();
  });

  it('should slide in a 300 px drawer (400 px from 640 px) with the navigation, the service groups and the actions', async () => {
    for (const [width, expected] of [
      [390, 300],
      [700, 400],
    ] as const) {
      const { page, context } = await open('/', { width });
      await page.click('.menu-button');
      expect(await page.evaluate(() => (document.getElementById('drawer') as HTMLDialogElement).matches(':modal'))).toBe(true);
      expect(await page.getAttribute('.menu-button', 'aria-expanded')).toBe('true');
      const box = (await page.locator('#drawer').boundingBox())!;
      expect(box.width).toBe(expected);
      expect(box.x + box.width).toBeGreaterThan(width - 20);
      const drawerText = (await page.locator('#drawer').textContent())!;
      for (const label of ['About', 'Process', 'Conditions', 'Biote Pellets', 'Blog', 'Services', 'Hormone Program', 'Weight Loss / Metabolic Program', 'Wellness & Longevity', 'Testing Services', "Men's Health", 'InBody Analysis', 'Patient Portal', 'Book Visit Now']) {
        expect(drawerText).toContain(label);
      }
      await context.close();
    }
  });

  it('should trap focus in the drawer, wrapping Tab and Shift+Tab, and close on Escape with focus back on the menu button', async () => {
    const { page, context } = await open('/', { width: 390 });
    await page.click('.menu-button');
    expect(await focusIn(page, '#drawer')).toBe(true);
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIn(page, '#drawer'), `Tab ${i + 1}`).toBe(true);
    }
    // From the last item Tab goes to the first, and back.
    await page.locator('#drawer .drawer-actions a').last().focus();
    await page.keyboard.press('Tab');
    expect(await focused(page, '#drawer .drawer-head a')).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement === [...document.querySelectorAll('#drawer .drawer-actions a')].at(-1))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (document.getElementById('drawer') as HTMLDialogElement).open)).toBe(false);
    // The dialog's close event, which the browser fires as a task of its own, resets the button.
    await page.waitForSelector('.menu-button[aria-expanded="false"]', { state: 'attached', timeout: 5000 });
    expect(await focused(page, '.menu-button')).toBe(true);
    await context.close();
  });

  it('should close the drawer with its close button, on the backdrop, and when any item is selected', async () => {
    const { page, context } = await open('/', { width: 390 });
    const isOpen = () => page.evaluate(() => (document.getElementById('drawer') as HTMLDialogElement).open);
    await page.click('.menu-button');
    await page.click('#drawer button[data-close]');
    expect(await isOpen()).toBe(false);
    await page.click('.menu-button');
    await page.mouse.click(20, 500);
    expect(await isOpen()).toBe(false);
    // A home section: the drawer closes and the page scrolls there.
    await page.click('.menu-button');
    await page.click('#drawer a[href="/#conditions"]');
    expect(await isOpen()).toBe(false);
    expect(page.url()).toBe(`${origin}/#conditions`);
    expect(Math.abs((await page.locator('#conditions').boundingBox())!.y - 108)).toBeLessThan(4);
    // A service item: the drawer closes, and the page goes there.
    await page.click('.menu-button');
    await Promise.all([page.waitForURL(`${origin}/services/brain/focus`), page.click('#drawer a[href="/services/brain/focus"]')]);
    await context.close();
    // Any item at all closes it (navigation held back to look).
    const second = await open('/process', { width: 390 });
    await second.page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    for (const href of ['/process', '/memberships', '/services/well/thyroid', '/lab-sales']) {
      await second.page.click('.menu-button');
      await second.page.click(`#drawer a[href="${href}"]`);
      expect(await second.page.evaluate(() => (document.getElementById('drawer') as HTMLDialogElement).open), href).toBe(false);
    }
    await second.context.close();
  });

  it('should mark the current page in the drawer', async () => {
    const { page, context } = await open('/process', { width: 390 });
    await page.click('.menu-button');
    expect(await page.getAttribute('#drawer a[aria-current="page"]', 'href')).toBe('/process');
    await context.close();
  });
});

describe('services dropdown', () => {
  it('should open and close with its button, reflecting aria-expanded, and close on a click outside', async () => {
    const { page, context } = await open('/process');
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('false');
    expect(await page.isVisible('#services-menu')).toBe(false);
    await page.click('.dropdown-toggle');
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('true');
    expect(await page.isVisible('#services-menu')).toBe(true);
    const groups = await page.locator('#services-menu .service-group-name').allInnerTexts();
    expect(groups.map((g) => g.toLowerCase())).toEqual(['hormone program', 'weight loss / metabolic program', 'wellness & longevity', 'testing services']);
    // The SPEC's ten items, and the weight-loss group's heading, which links to its page (issue 26).
    expect(await page.locator('#services-menu li a').count()).toBe(10);
    expect(await page.locator('#services-menu .service-group-name a').count()).toBe(1);
    await page.click('.dropdown-toggle');
    expect(await page.isVisible('#services-menu')).toBe(false);
    await page.click('.dropdown-toggle');
    await page.mouse.click(20, 700);
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('false');
    expect(await page.isVisible('#services-menu')).toBe(false);
    await context.close();
  });

  it('should work from the keyboard: Enter opens, Tab enters, Escape closes and returns focus, leaving closes', async () => {
    const { page, context } = await open('/process');
    await page.focus('.dropdown-toggle');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focused(page, '#services-menu a')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('false');
    expect(await focused(page, '.dropdown-toggle')).toBe(true);
    await page.keyboard.press('Space');
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('true');
    // Eleven links in the panel (ten items and the weight-loss heading), then the next main link.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await focused(page, '.nav-desktop a[href="/memberships"]')).toBe(true);
    expect(await page.getAttribute('.dropdown-toggle', 'aria-expanded')).toBe('false');
    await context.close();
  });
});

describe('home pillars', () => {
  it('should label the toggles View All Treatments / Hide Treatments on wide screens, with several open at once', async () => {
    const { page, context } = await open('/');
    const toggle = (id: string) => page.locator(`button[aria-controls="pillar-${id}-treatments"]`);
    for (const id of ['brain', 'body', 'well']) {
      expect((await toggle(id).innerText()).trim()).toBe('View All Treatments');
      expect(await page.isVisible(`#pillar-${id}-treatments`)).toBe(false);
    }
    expect(await page.isVisible('.toggle-chevron')).toBe(false);
    await toggle('brain').click();
    await toggle('well').click();
    expect((await toggle('brain').innerText()).trim()).toBe('Hide Treatments');
    expect(await toggle('brain').getAttribute('aria-expanded')).toBe('true');
    expect(await page.isVisible('#pillar-brain-treatments')).toBe(true);
    expect(await page.isVisible('#pillar-well-treatments')).toBe(true);
    expect(await page.isVisible('#pillar-body-treatments')).toBe(false);
    await toggle('brain').click();
    expect((await toggle('brain').innerText()).trim()).toBe('View All Treatments');
    expect(await page.isVisible('#pillar-brain-treatments')).toBe(false);
    expect(await page.isVisible('#pillar-well-treatments')).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.pillars')!).gridTemplateColumns.split(' ').length)).toBe(3);
    await context.close();
  });

  it('should show View Treatments with a chevron on narrow screens, in a horizontal scrolling strip', async () => {
    const { page, context } = await open('/', { width: 390 });
    const toggle = page.locator('button[aria-controls="pillar-body-treatments"]');
    expect((await toggle.innerText()).trim()).toBe('View Treatments');
    expect(await toggle.locator('.toggle-chevron').isVisible()).toBe(true);
    const strip = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.pillars')!;
      return { display: getComputedStyle(el).display, overflowX: getComputedStyle(el).overflowX, scrolls: el.scrollWidth > el.clientWidth };
    });
    expect(strip).toEqual({ display: 'flex', overflowX: 'auto', scrolls: true });
    await toggle.click();
    expect((await toggle.innerText()).trim()).toBe('View Treatments');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.isVisible('#pillar-body-treatments')).toBe(true);
    await context.close();
  });
});

describe('the founder on the home page', () => {
  it("should set the founder's name and credentials in one style, a hyphenated credential (FNP-C) too", async () => {
    const { page, context } = await open('/');
    // A hyphenated word is kept whole in a span (render/words.ts): the caption's own span, the role, must not style it.
    const styles = await page.locator('.founder-portrait figcaption strong, .founder-portrait figcaption strong *').evaluateAll((nodes) =>
      nodes.map((n) => `${getComputedStyle(n).color} ${getComputedStyle(n).fontSize}`),
    );
    await context.close();
    expect(styles.length).toBeGreaterThan(1);
    expect(new Set(styles).size).toBe(1);
  });
});

describe('treatment dialog', () => {
  /** The parts of a treatment its dialog and page show. */
  const detailsOf = (id: string) => {
    const t = content.treatments.get(id)!;
    return [t.title, t.description, t.dosage, ...t.indications, ...t.faq.map((f) => f.question)].map((part) => part.replace(/\s+/g, ' '));
  };

  it("should open at once with the link's title, show the details from the treatment's page, raise treatment_details_viewed, and close on Escape", async () => {
    const { page, context } = await open('/');
    const ssri = content.treatments.get('ssri')!;
    // Hold the treatment page back, to see what the dialog shows before it arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(`${origin}/treatments/ssri/`, async (route) => {
      await held;
      await route.continue();
    });
    await page.click('button[aria-controls="pillar-brain-treatments"]');
    const [request] = await Promise.all([page.waitForRequest(`${origin}/treatments/ssri/`), page.click('a[data-treatment="ssri"]')]);
    expect(request.resourceType()).toBe('fetch');
    const dialog = page.locator('#treatment-dialog');
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(page.url()).toBe(`${origin}/`);
    expect(await dialog.locator('#treatment-dialog-title').innerText()).toBe(ssri.title);
    expect((await dialog.locator('.modal-eyebrow').innerText()).toLowerCase()).toBe('brain');
    expect(await dialog.getAttribute('class')).toContain('accent-blue');
    expect(await dialog.locator('[data-treatment-body]').getAttribute('aria-busy')).toBe('true');
    expect(await dialog.locator('[data-treatment-body] .loading').innerText()).toBe(content.home.services.dialog.loadingLabel);
    release();
    await expect.poll(() => dialog.locator('[data-treatment-body]').getAttribute('aria-busy')).toBeNull();
    const shown = (await dialog.innerText()).replace(/\s+/g, ' ');
    for (const part of [...detailsOf('ssri'), 'Start Visit Now']) expect(shown).toContain(part);
    expect(await dialog.locator('[data-treatment-body] .faq-item').count()).toBe(ssri.faq.length);
    // Its sections sit under the dialog's title, one heading level down from the page's.
    expect(await dialog.locator('[data-treatment-body] h3').allInnerTexts()).toEqual(
      [content.home.services.dialog.dosageLabel, content.home.services.dialog.indicationsLabel, content.home.services.dialog.faqLabel].map((label) => label.toUpperCase()),
    );
    expect(await dialog.locator('[data-treatment-body] h2').count()).toBe(0);
    expect(await focusIn(page, '#treatment-dialog')).toBe(true);
    expect((await events(page)).filter((c) => c[1] === 'treatment_details_viewed')).toEqual([event('treatment_details_viewed', 'engagement', ssri.title)]);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect(await focused(page, 'a[data-treatment="ssri"]')).toBe(true);
    // Another treatment replaces the first, in its own pillar's colours.
    await page.click('button[aria-controls="pillar-body-treatments"]');
    await page.click('a[data-treatment="glp1"]');
    await expect.poll(() => dialog.locator('[data-treatment-body]').innerText()).toContain(content.treatments.get('glp1')!.dosage.replace(/\s+/g, ' ').slice(0, 80));
    expect(await dialog.locator('#treatment-dialog-title').innerText()).toBe(content.treatments.get('glp1')!.title);
    expect(await dialog.innerText()).not.toContain(ssri.dosage.slice(0, 40));
    expect(await dialog.getAttribute('class')).toContain('accent-teal');
    expect((await dialog.locator('.modal-eyebrow').innerText()).toLowerCase()).toBe('body');
    await context.close();
  });

  it('should close on its close button and on the backdrop, keep Tab inside, and start a visit from it', async () => {
    const { page, context } = await open('/');
    const dialog = page.locator('#treatment-dialog');
    const link = 'a[data-treatment="glp1"]';
    await page.click('button[aria-controls="pillar-body-treatments"]');
    await page.click(link);
    await dialog.locator('[data-close]').click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await focused(page, link)).toBe(true);
    expect(page.url()).toBe(`${origin}/`);
    await page.click(link);
    await page.mouse.click(10, 450);
    expect(await dialog.isVisible()).toBe(false);
    expect(await focused(page, link)).toBe(true);
    await page.click(link);
    await expect.poll(() => dialog.locator('[data-treatment-body] .faq-item').count()).toBeGreaterThan(0);
    await dialog.locator('.modal-foot a').focus();
    await page.keyboard.press('Tab');
    expect(await focused(page, '#treatment-dialog [data-close]')).toBe(true);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page, '#treatment-dialog .modal-foot a')).toBe(true);
    expect(await clickPopup(page, '#treatment-dialog .modal-foot a')).toBe(content.site.links.booking);
    expect(await events(page)).toContainEqual(event('start_visit_clicked', 'conversion', 'treatment_modal'));
    await context.close();
  });

  it("should go to the treatment's page when its details cannot be loaded", async () => {
    const { page, context } = await open('/');
    let failed = false;
    await context.route(`${origin}/treatments/bupropion/`, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.fulfill({ status: 500, body: 'down' });
    });
    await page.click('button[aria-controls="pillar-brain-treatments"]');
    await Promise.all([page.waitForURL(`${origin}/treatments/bupropion/`), page.click('a[data-treatment="bupropion"]')]);
    expect(await page.locator('h1').innerText()).toBe(content.treatments.get('bupropion')!.title);
    await context.close();
  });

  it('should open the treatment an old /#treatment-ID address names, and not again once closed', async () => {
    const { page, context } = await open('/#treatment-nad');
    const dialog = page.locator('#treatment-dialog');
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog.locator('#treatment-dialog-title').innerText()).toBe(content.treatments.get('nad')!.title);
    await expect.poll(() => dialog.innerText()).toContain(content.treatments.get('nad')!.dosage.replace(/\s+/g, ' ').slice(0, 80));
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    await expect.poll(() => page.url()).toBe(`${origin}/`);
    await page.reload();
    expect(await dialog.isVisible()).toBe(false);
    await context.close();
  });

  it('should work from the keyboard: Space on a toggle, Enter on a treatment', async () => {
    const { page, context } = await open('/');
    await page.focus('button[aria-controls="pillar-well-treatments"]');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focused(page, '#pillar-well-treatments a')).toBe(true);
    const title = await page.locator('#pillar-well-treatments a').first().innerText();
    await page.keyboard.press('Enter');
    expect(await page.locator('#treatment-dialog').evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await page.locator('#treatment-dialog-title').innerText()).toBe(title);
    expect(page.url()).toBe(`${origin}/`);
    await context.close();
  });

  it('should show the treatment page on its own: the way back, the details, and Start Visit Now with its event', async () => {
    const { page, context } = await open('/treatments/glp1/', { width: 390 });
    const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const part of detailsOf('glp1')) expect(shown).toContain(part);
    expect(await clickPopup(page, 'main a:has-text("Start Visit Now")')).toBe(content.site.links.booking);
    expect(await events(page)).toEqual([event('start_visit_clicked', 'conversion', 'treatment_modal')]);
    await Promise.all([page.waitForURL(`${origin}/#services`), page.click('.breadcrumbs a:has-text("Services")')]);
    await context.close();
  });
});

describe('blog', () => {
  it("should open an article in a dialog, loading its text from the article's own page", async () => {
    const { page, context } = await open('/blog');
    const article = content.articles.find((a) => a.slug === 'burnout-and-energy')!;
    const lastParagraph = load(markdownToHtml(markdownOf(projectRoot, article)))('p').last().text();
    expect(await page.content()).not.toContain(lastParagraph);
    const [request] = await Promise.all([page.waitForRequest(`${origin}/blog/burnout-and-energy/`), page.click('a[data-article][href="/blog/burnout-and-energy/"]')]);
    expect(request.resourceType()).toBe('fetch');
    const dialog = page.locator('#article-dialog');
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    await expect.poll(() => dialog.locator('.prose').innerText()).toContain(lastParagraph);
    const head = await dialog.locator('.modal-head').innerText();
    for (const part of [article.title, article.author, 'April 29, 2024', article.readTime, article.category]) expect(head).toContain(part);
    expect(await dialog.locator('.prose h2').count()).toBeGreaterThan(0);
    expect(page.url()).toBe(`${origin}/blog`);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(false);
    expect(await focused(page, 'a[data-article][href="/blog/burnout-and-energy/"]')).toBe(true);
    // Another article replaces the first.
    await page.click('a[data-article][href="/blog/why-we-started/"]');
    await expect.poll(() => dialog.locator('.prose').innerText()).toContain(load(markdownToHtml(markdownOf(projectRoot, content.articles.find((a) => a.slug === 'why-we-started')!)))('p').last().text());
    expect(await dialog.locator('.prose').innerText()).not.toContain(lastParagraph);
    expect(await dialog.locator('h2#article-dialog-title').innerText()).toBe(content.articles.find((a) => a.slug === 'why-we-started')!.title);
    await context.close();
  });

  it("should go to the article's page when its text cannot be loaded", async () => {
    const { page, context } = await open('/blog');
    let failed = false;
    await context.route(`${origin}/blog/hrt-glow-up/`, (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.fulfill({ status: 500, body: 'down' });
    });
    await Promise.all([page.waitForURL(`${origin}/blog/hrt-glow-up/`), page.click('a[data-article][href="/blog/hrt-glow-up/"]')]);
    expect(await page.locator('h1').innerText()).toBe(content.articles.find((a) => a.slug === 'hrt-glow-up')!.title);
    await context.close();
  });

  it('should open Book Now in a new tab, or in this tab when the browser refuses the new window', async () => {
    const first = await open('/blog');
    expect(await clickPopup(first.page, '.page-hero a[data-new-window]')).toBe(content.site.links.booking);
    expect(first.page.url()).toBe(`${origin}/blog`);
    await first.context.close();
    const refused = await open('/blog', {
      init: () => {
        window.open = () => null;
      },
    });
    await Promise.all([refused.page.waitForURL(content.site.links.booking), refused.page.click('.page-hero a[data-new-window]')]);
    await refused.context.close();
    // The same from the article dialog.
    const inDialog = await open('/blog', {
      init: () => {
        window.open = () => null;
      },
    });
    await inDialog.page.click('a[data-article]');
    await Promise.all([inDialog.page.waitForURL(content.site.links.booking), inDialog.page.click('#article-dialog .modal-foot a')]);
    await inDialog.context.close();
  });

  it('should load the intake widget script on /blog only, with its container', async () => {
    const widget = content.site.intakeWidget!;
    const blog = await open('/blog');
    await blog.page.waitForLoadState('load');
    expect(blog.external).toContain(widget.scriptUrl);
    expect(await blog.page.locator(`#${widget.containerId}`).count()).toBe(1);
    await blog.context.close();
    for (const path of ['/', '/process', '/blog/why-we-started/']) {
      const other = await open(path);
      await other.page.waitForLoadState('load');
      expect(other.external, path).not.toContain(widget.scriptUrl);
      await other.context.close();
    }
  });

  // SPEC.md: "titles clamp to 2 lines, excerpts to 3" (it wins over issue 41's whole titles).
  it('should clamp card titles to 2 lines and excerpts to 3, in 1, 2 and 3 columns', async () => {
    for (const [width, columns] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      const { page, context } = await open('/blog', { width });
      const layout = await page.evaluate(() => {
        const grid = document.querySelector('.article-grid')!;
        const title = document.querySelector('.article-grid .card-title')!;
        const excerpt = document.querySelector('.article-grid .card-excerpt')!;
        // Columns as a reader sees them: the cards on the first row (the grid runs on six half-columns from 1024 px, so
        // a last row of two can share it evenly).
        const tops = [...grid.children].map((card) => Math.round(card.getBoundingClientRect().top));
        return {
          columns: tops.filter((top) => top === tops[0]).length,
          title: getComputedStyle(title).webkitLineClamp,
          excerpt: getComputedStyle(excerpt).webkitLineClamp,
        };
      });
      expect(layout, `${width}`).toEqual({ columns, title: '2', excerpt: '3' });
      await context.close();
    }
  });
});

describe('analytics', () => {
  it('should record gtag js and a page view with the path on every page load', async () => {
    for (const path of pages) {
      const { page, context } = await open(path);
      const commands = await dataLayer(page);
      expect(commands.slice(0, 2), path).toEqual([
        ['js', 'Date'],
        ['config', 'default', { page_path: new URL(origin + path).pathname }],
      ]);
      await context.close();
    }
  });

  it('should send the page view to the measurement id on the script tag when there is one', async () => {
    const context = await browser.newContext();
    await context.route(/^https?:\/\/(?!127\.0\.0\.1[:/])/, (route) => route.fulfill({ status: 200, body: '' }));
    await context.route(`${origin}/process`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('<script src="/assets/main-', '<script data-measurement-id="G-TEST123" src="/assets/main-');
      await route.fulfill({ response, body });
    });
    const page = await context.newPage();
    await page.goto(`${origin}/process`);
    expect((await dataLayer(page))[1]).toEqual(['config', 'G-TEST123', { page_path: '/process' }]);
    await context.close();
  });

  it('should raise each event of the header, hero, footer and process page with its category and label', async () => {
    const { page, context } = await open('/');
    expect(await clickPopup(page, '.header-actions a:has-text("Patient Portal")')).toBe(content.site.links.patientPortal);
    expect(await clickPopup(page, '.header-actions a:has-text("Book Visit Now")')).toBe(booking(content.site.bookingServices.visit));
    expect(await clickPopup(page, '.diagnostic-card a:has-text("Purchase Here")')).toBe(booking(content.site.bookingServices.diagnostic));
    expect(await clickPopup(page, '.site-footer a:has-text("Start Visit Now")')).toBe(content.site.links.newPatientIntake);
    expect(await events(page)).toEqual([
      event('portal_login_clicked', 'conversion', 'header'),
      event('start_visit_clicked', 'conversion', 'header'),
      event('book_now_clicked', 'conversion', 'hero'),
      event('start_visit_clicked', 'conversion', 'footer'),
    ]);
    await page.goto(`${origin}/process`);
    expect(await clickPopup(page, 'main a:has-text("Book Your Diagnostic Experience")')).toBe(booking(content.site.bookingServices.diagnostic));
    expect(await events(page)).toEqual([event('book_now_clicked', 'conversion', 'process_page')]);
    await context.close();
  });

  it('should label the drawer actions mobile_header', async () => {
    const { page, context } = await open('/blog', { width: 390 });
    await page.click('.menu-button');
    await clickPopup(page, '#drawer a:has-text("Patient Portal")');
    await page.click('.menu-button');
    await clickPopup(page, '#drawer a:has-text("Book Visit Now")');
    expect(await events(page)).toEqual([event('portal_login_clicked', 'conversion', 'mobile_header'), event('start_visit_clicked', 'conversion', 'mobile_header')]);
    await context.close();
  });

  it('should raise the event of any element carrying data-event, data-event-category and data-event-label', async () => {
    const { page, context } = await open('/process');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'probe';
      button.dataset.event = 'lab_purchase_click';
      button.dataset.eventCategory = 'conversion';
      button.dataset.eventLabel = 'dutch-complete';
      button.innerHTML = '<span>Order</span>';
      document.querySelector('main')!.append(button);
    });
    await page.click('#probe span');
    expect(await events(page)).toEqual([event('lab_purchase_click', 'conversion', 'dutch-complete')]);
    await context.close();
  });
});

describe('smooth scrolling', () => {
  it('should scroll to a home section on the home page without reloading, at once when motion is reduced', async () => {
    const { page, context } = await open('/');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.click('.site-footer a:has-text("About Us")');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(page.url()).toBe(`${origin}/#about`);
    expect(Math.abs((await page.locator('#about').boundingBox())!.y - 108)).toBeLessThan(4);
    expect(await focused(page, '#about')).toBe(true);
    await context.close();
  });

  it('should scroll smoothly when motion is welcome', async () => {
    const { page, context } = await open('/', { motion: 'no-preference' });
    await page.click('.nav-desktop a[href="/#conditions"]');
    const early = await page.evaluate(() => window.scrollY);
    await expect.poll(() => page.locator('#conditions').boundingBox().then((b) => Math.round(b!.y)), { timeout: 5000 }).toBeLessThan(112);
    const final = await page.evaluate(() => window.scrollY);
    expect(early).toBeLessThan(final);
    await context.close();
  });

  it('should go to the home page section from another page', async () => {
    const { page, context } = await open('/process');
    await Promise.all([page.waitForURL(`${origin}/#about`), page.click('.nav-desktop a:has-text("About")')]);
    await context.close();
  });
});

describe('keyboard', () => {
  it('should show the skip link first and move focus to the content', async () => {
    const { page, context } = await open('/blog', { width: 390 });
    await page.keyboard.press('Tab');
    expect(await focused(page, '.skip-link')).toBe(true);
    const box = (await page.locator('.skip-link').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await focused(page, 'main')).toBe(true);
    await context.close();
  });

  it('should show a visible focus ring on links and buttons', async () => {
    const { page, context } = await open('/');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('should show every section, the treatment lists, and the Menu link to the site map', async () => {
    const { page, context } = await open('/', { width: 390, js: false });
    expect(await page.isVisible('h1')).toBe(true);
    for (const id of ['brain', 'body', 'well']) expect(await page.isVisible(`#pillar-${id}-treatments`)).toBe(true);
    expect(await page.isVisible('.pillar-toggle')).toBe(false);
    expect(await page.isVisible('.menu-button')).toBe(false);
    expect(await page.isVisible('a.menu-link')).toBe(true);
    await page.click('a.menu-link');
    expect(page.url()).toBe(`${origin}/#site-map`);
    for (const id of ['services', 'about', 'conditions', 'contact']) expect(await page.isVisible(`#${id}`)).toBe(true);
    await context.close();
  });

  it('should open a treatment link as its page, with every detail, Start Visit Now and the way back', async () => {
    const { page, context } = await open('/', { width: 390, js: false });
    expect(await page.isVisible('#treatment-dialog')).toBe(false);
    await Promise.all([page.waitForURL(`${origin}/treatments/bupropion/`), page.click('a[data-treatment="bupropion"]')]);
    const bupropion = content.treatments.get('bupropion')!;
    const shown = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
    for (const part of [bupropion.title, bupropion.description, bupropion.dosage, ...bupropion.indications, ...bupropion.faq.map((f) => f.question)]) {
      expect(shown).toContain(part.replace(/\s+/g, ' '));
    }
    // Each answer is one tap away.
    await page.locator('.faq-item summary').last().click();
    expect(await page.locator('.faq-item p').last().isVisible()).toBe(true);
    expect(await page.isVisible('main a:has-text("Start Visit Now")')).toBe(true);
    await Promise.all([page.waitForURL(`${origin}/#services`), page.click('.breadcrumbs a:has-text("Services")')]);
    await context.close();
  });

  it('should open the Services menu on focus and keep every destination reachable from every page', async () => {
    const destinations = [
      ...content.navigation.main.map((l) => l.href),
      ...content.navigation.services.groups.flatMap((g) => g.items.map((i) => i.href)),
      content.site.links.patientPortal,
      booking(content.site.bookingServices.visit),
    ];
    for (const width of [390, 1280]) {
      for (const path of pages) {
        const { page, context } = await open(path, { width, js: false });
        // Visible somewhere on the page (the footer lists every page) or one Tab away in the header;
        // one look per page (a round trip per link and page took over a minute on a busy machine).
        const found = await page.evaluate((hrefs) => {
          const links = [...document.querySelectorAll('a[href]')] as HTMLAnchorElement[];
          const shown = (a: HTMLAnchorElement) => a.checkVisibility({ visibilityProperty: true }) && a.getClientRects().length > 0 && a.getBoundingClientRect().width > 0;
          return hrefs.map((href) => {
            const matching = links.filter((a) => a.getAttribute('href') === href);
            return { href, visible: matching.filter(shown).length, inHeader: matching.filter((a) => a.closest('.site-header')).length };
          });
        }, destinations);
        for (const { href, visible, inHeader } of found) expect(visible + (width === 1280 ? inHeader : 0), `${path} at ${width}: ${href}`).toBeGreaterThan(0);
        await context.close();
      }
    }
    const { page, context } = await open('/process', { js: false });
    expect(await page.isVisible('#services-menu')).toBe(false);
    await page.focus('.dropdown-toggle');
    expect(await page.isVisible('#services-menu')).toBe(true);
    await page.keyboard.press('Tab');
    expect(await focused(page, '#services-menu a')).toBe(true);
    await context.close();
  });

  it('should open an article card as its own page with the full text', async () => {
    const { page, context } = await open('/blog', { js: false });
    await Promise.all([page.waitForURL(`${origin}/blog/fat-loss-vs-weight-loss/`), page.click('a[data-article][href="/blog/fat-loss-vs-weight-loss/"]')]);
    expect(await page.locator('.prose p').count()).toBeGreaterThan(3);
    await context.close();
  });
});

describe('layout stability', () => {
  it('should not shift while the pages load', async () => {
    for (const width of [390, 1280]) {
      for (const path of pages) {
        const { page, context } = await open(path, { width });
        await page.waitForLoadState('load');
        await page.waitForTimeout(300);
        const shift = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let total = 0;
              new PerformanceObserver((list) => {
                for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
              }).observe({ type: 'layout-shift', buffered: true });
              setTimeout(() => resolve(total), 100);
            }),
        );
        expect(shift, `${path} at ${width}`).toBeLessThan(0.01);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} is wider than the screen`).toBeLessThanOrEqual(0);
        await context.close();
      }
    }
  });
});

describe('accessibility (axe-core)', () => {
  it('should have no violations on any page at 390 and 1280 px', async () => {
    for (const width of [390, 1280]) {
      for (const path of pages) {
        const { page, context } = await open(path, { width });
        expect(await axeViolations(page), `${path} at ${width}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('should have no violations with the drawer, the dropdown, the pillars and the dialogs open', async () => {
    const drawer = await open('/', { width: 390 });
    await drawer.page.click('.menu-button');
    expect(await axeViolations(drawer.page), 'drawer').toEqual([]);
    await drawer.context.close();

    const dropdown = await open('/', { width: 1280 });
    await dropdown.page.click('.dropdown-toggle');
    expect(await axeViolations(dropdown.page), 'dropdown').toEqual([]);
    await dropdown.context.close();

    for (const width of [390, 1280]) {
      const home = await open('/', { width });
      for (const id of ['brain', 'body', 'well']) await home.page.click(`button[aria-controls="pillar-${id}-treatments"]`);
      expect(await axeViolations(home.page), `pillars open at ${width}`).toEqual([]);
      await home.page.click('a[data-treatment="testosterone-optimization"]');
      await home.page.locator('#treatment-dialog [data-treatment-body] summary').first().click();
      expect(await home.page.locator('#treatment-dialog [data-treatment-body] .faq-item[open]').count()).toBe(1);
      expect(await axeViolations(home.page), `treatment dialog at ${width}`).toEqual([]);
      await home.context.close();

      const blog = await open('/blog', { width });
      await blog.page.click('a[data-article]');
      await expect.poll(() => blog.page.locator('#article-dialog .prose p').count()).toBeGreaterThan(2);
      expect(await axeViolations(blog.page), `article dialog at ${width}`).toEqual([]);
      await blog.context.close();
    }
  });
});
