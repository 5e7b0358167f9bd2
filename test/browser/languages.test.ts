/**
 * The two languages in Chromium (issue 28): the language switcher at 390 and 1280 px, there and back; every link of
 * the Spanish home page followed; the Spanish pages and the notice of language assistance without axe-core
 * violations or anything wider than the screen; the right-to-left taglines drawn right to left.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editFile, removeProject, tempProject } from '../helpers.ts';
import { axeSource, outside, servedSite, type ServedSite } from './static-server.ts';

let site: ServedSite;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  site = await servedSite();
  ({ origin, browser } = site);
}, 120_000);
afterAll(async () => {
  await site?.close();
});

/** A context of its own at a width, with every request to another site refused (nothing leaves the machine). */
async function contextAt(width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route(outside(origin), (route) => route.abort());
  return context;
}

/** Runs axe-core on the page; the violations as lines. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
  });
  return result.violations.map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page is wider than the screen (0 when it is not). */
const sideways = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

describe('the language switcher', () => {
  it('should switch a page to Spanish and back at 1280 px from the header', async () => {
    const context = await contextAt(1280);
    const page = await context.newPage();
    await page.goto(`${origin}/services/brain/anxiety`);
    const toSpanish = page.locator('.header-actions .language-switch');
    await expect(toSpanish.isVisible()).resolves.toBe(true);
    await expect(toSpanish.getAttribute('title')).resolves.toBe('Ver esta página en español');
    await toSpanish.click();
    await page.waitForURL(`${origin}/es/services/brain/anxiety`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('h1').first().textContent()).toBe('Tratamiento de la ansiedad');
    await page.locator('.header-actions .language-switch').click();
    await page.waitForURL(`${origin}/services/brain/anxiety`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  }, 60_000);

  it('should switch from the header beside the menu button on a 430 px phone', async () => {
    const context = await contextAt(430);
    const page = await context.newPage();
    await page.goto(`${origin}/process`);
    const compact = page.locator('.language-switch-compact');
    expect(await compact.isVisible()).toBe(true);
    // Its accessible name is the language's own name; the menu button keeps its full size beside it.
    expect(await compact.evaluate((el) => el.textContent)).toContain('Español');
    expect(await page.locator('.menu-button').evaluate((el) => el.getBoundingClientRect().width)).toBe(48);
    await compact.click();
    await page.waitForURL(`${origin}/es/process`);
    expect(await sideways(page)).toBe(0);
    await context.close();
  }, 60_000);

  it('should switch at 390 px from the first item of the drawer and from the footer, without anything wider than the screen', async () => {
    const context = await contextAt(390);
    const page = await context.newPage();
    await page.goto(`${origin}/es/process`);
    expect(await sideways(page)).toBe(0);
    // The header row keeps its booking button, the switcher and the menu button whole (issue 38: the switcher is in it at every width).
    expect(await page.locator('.language-switch-compact').isVisible()).toBe(true);
    expect(await page.locator('.menu-button').evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(390 - 16);
    await page.locator('.menu-button').click();
    const drawer = page.locator('#drawer');
    await expect(drawer.isVisible()).resolves.toBe(true);
    expect(await page.locator('.menu-button').getAttribute('aria-label')).toBe('Abrir el menú');
    await drawer.locator('.drawer-language').click();
    await page.waitForURL(`${origin}/process`);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.locator('.footer-language a[hreflang="es"]').click();
    await page.waitForURL(`${origin}/es/process`);
    await context.close();
  }, 60_000);

  it('should lead a page that exists in English only to the nearest Spanish page', async () => {
    const context = await contextAt(1280);
    const page = await context.newPage();
    await page.goto(`${origin}/legal/privacy-policy`);
    await page.locator('.header-actions .language-switch').click();
    await page.waitForURL(`${origin}/es/`);
    expect(await page.locator('h1').first().textContent()).toBe('Atención integrativa para la mente, el cuerpo y el bienestar');
    await context.close();
  }, 60_000);
});

describe('the Spanish home page', () => {
  it('should lead every one of its links to a page that answers, in Spanish wherever Spanish has one', async () => {
    const context = await contextAt(1280);
    const page = await context.newPage();
    await page.goto(`${origin}/es/`);
    const hrefs = await page.evaluate(() => [...new Set([...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href))]);
    const internal = hrefs.filter((h) => h.startsWith(origin));
    expect(internal.length).toBeGreaterThan(30);
    for (const href of internal) {
      // From another document, so that a link to a section of the page just loaded is a real load too.
      await page.goto('about:blank');
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      const url = new URL(href);
      if (url.hash.length > 1) expect(await page.locator(`[id="${decodeURIComponent(url.hash.slice(1))}"]`).count(), href).toBe(1);
      const lang = await page.locator('html').getAttribute('lang');
      // Only the switcher's English page and the English-only legal pages are in English.
      if (lang === 'en') expect(url.pathname === '/' || url.pathname.startsWith('/legal/'), href).toBe(true);
    }
    await context.close();
  }, 180_000);
});

describe('Spanish pages and the notice of language assistance in Chromium', () => {
  const routes = ['/es/', '/es/process', '/es/memberships', '/es/blog', '/es/blog/why-we-started/', '/es/treatments/ssri/', '/es/language-assistance', '/language-assistance',
    '/es/legal/nondiscrimination', '/es/legal/notice-of-privacy-practices'];
  for (const width of [390, 1280]) {
    it(`should have no axe-core violations and nothing wider than the screen at ${width} px`, async () => {
      const context = await contextAt(width);
      const page = await context.newPage();
      for (const route of routes) {
        await page.goto(`${origin}${route}`);
        expect(await axeViolations(page), `${route} at ${width} px`).toEqual([]);
        expect(await sideways(page), `${route} at ${width} px`).toBe(0);
      }
      await context.close();
    }, 180_000);
  }

  it('should draw the Arabic, Urdu and Persian taglines right to left, and the others left to right', async () => {
    const context = await contextAt(390);
    const page = await context.newPage();
    await page.goto(`${origin}/es/language-assistance`);
    const directions = await page.locator('.taglines li').evaluateAll((items) => items.map((li) => [li.getAttribute('lang'), getComputedStyle(li).direction]));
    expect(directions).toHaveLength(15);
    for (const [lang, direction] of directions) expect(direction, lang!).toBe(['ar', 'ur', 'fa'].includes(lang!) ? 'rtl' : 'ltr');
    // The phone number keeps its digits in order inside right-to-left text.
    const phone = await page.locator('.taglines li[lang="ar"] bdi').evaluate((el) => getComputedStyle(el).direction);
    expect(phone).toBe('ltr');
    await context.close();
  }, 60_000);
});

describe('the legal pages in Spanish (issue 38)', () => {
  it('should lead from the Spanish notice to the Spanish nondiscrimination notice, say it is not yet reviewed, and switch to English', async () => {
    const context = await contextAt(390);
    const page = await context.newPage();
    await page.goto(`${origin}/es/language-assistance`);
    await page.locator('.notice-complaints a').click();
    await page.waitForURL(`${origin}/es/legal/nondiscrimination`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(await page.locator('h1').textContent()).toBe('Aviso de no discriminación');
    const note = page.locator('.translation-note');
    expect(await note.isVisible()).toBe(true);
    expect(await note.innerText()).toContain('Un traductor calificado aún no ha revisado esta traducción.');
    expect(await sideways(page)).toBe(0);
    await page.locator('.language-switch-compact').click();
    await page.waitForURL(`${origin}/legal/nondiscrimination`);
    expect(await page.locator('h1').textContent()).toBe('Nondiscrimination Notice');
    expect(await page.locator('.translation-note').count()).toBe(0);
    await context.close();
  }, 60_000);
});

describe('the crisis line and the not-found page in Spanish (issue 38)', () => {
  it('should give the 988 line in Spanish with the press-2 sentence and a text button that sends AYUDA, at 360 px', async () => {
    const context = await contextAt(360);
    const page = await context.newPage();
    await page.goto(`${origin}/es/services/brain/anxiety`);
    const box = page.locator('[data-crisis-line="top"]');
    expect(await box.isVisible()).toBe(true);
    expect(await box.innerText()).toContain('Para hablar en español, llame al 988 y oprima el 2, o envíe AYUDA por mensaje de texto al 988.');
    const text = box.locator('a[href^="sms:"]');
    expect(await text.isVisible()).toBe(true);
    expect(await text.getAttribute('href')).toBe('sms:988?body=AYUDA');
    // Kept on one line with no-break spaces.
    expect((await text.innerText()).replaceAll('\u00a0', ' ')).toBe('Enviar AYUDA al 988');
    expect(await sideways(page)).toBe(0);
    await context.close();
  }, 60_000);

  it('should offer the way home and the search on the Spanish not-found page, without a word about the router', async () => {
    const context = await contextAt(390);
    const page = await context.newPage();
    await page.goto(`${origin}/es/404.html`);
    expect(await page.locator('main').innerText()).not.toMatch(/enrutador|router/i);
    await page.locator('.not-found-ways a', { hasText: 'Buscar en el sitio' }).click();
    await page.waitForURL(`${origin}/es/search`);
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    await context.close();
  }, 60_000);
});

describe('a Spanish page with a part not yet translated (issue 38)', () => {
  it('should stay published with that card in English, marked "(en inglés)", without axe-core violations at 390 px', async () => {
    // A treatment added in English only to the Weight Loss page once made /es/services/body/weight-loss a 404.
    const project = await tempProject();
    const kept = await (async () => {
      await copyFile(join(project, 'content/treatments/l-carnitine.yaml'), join(project, 'content/treatments/acetyl-l-carnitine.yaml'));
      await editFile(project, 'content/services/weight-loss.yaml', '    - treatment: vitamin-b12\n', '    - treatment: acetyl-l-carnitine\n      icon: bolt\n    - treatment: vitamin-b12\n');
      return servedSite(project);
    })();
    try {
      const context = await kept.browser.newContext({ viewport: { width: 390, height: 900 } });
      await context.route(outside(kept.origin), (route) => route.abort());
      const page = await context.newPage();
      const response = await page.goto(`${kept.origin}/es/services/body/weight-loss`);
      expect(response?.status()).toBe(200);
      expect(await page.locator('html').getAttribute('lang')).toBe('es');
      const title = page.locator('#treatment-acetyl-l-carnitine h3');
      expect(await title.innerText()).toBe('L-Carnitine (en inglés)');
      expect(await title.locator('[lang="en"]').innerText()).toBe('L-Carnitine');
      expect(await page.locator('#treatment-acetyl-l-carnitine .treatment-description').getAttribute('lang')).toBe('en');
      expect(await axeViolations(page)).toEqual([]);
      expect(await sideways(page)).toBe(0);
      await context.close();
    } finally {
      await kept.close();
      await removeProject(project);
    }
  }, 180_000);
});

describe('the words of the Spanish pages (issue 38)', () => {
  for (const width of [360, 1280]) {
    it(`should book with "Haga su cita" and name the conditions "Afecciones" at ${width} px, with nothing wider than the screen`, async () => {
      const context = await contextAt(width);
      const page = await context.newPage();
      await page.goto(`${origin}/es/`);
      const book = width < 768 ? page.locator('.header-book') : page.locator('.header-actions a[target="_blank"]').last();
      expect(await book.isVisible()).toBe(true);
      expect((await book.innerText()).replaceAll('\u00a0', ' ')).toMatch(/^Haga su cita/);
      expect(await page.locator('#conditions h2').innerText()).toBe('Afecciones que tratamos');
      expect(await page.locator('body').innerText()).toContain('El bienestar empieza cuando lo escuchan.');
      expect(await sideways(page)).toBe(0);
      await context.close();
    }, 60_000);
  }
});

describe('no English on a Spanish page, in Chromium (issue 38)', () => {
  for (const width of [360, 600, 1280]) {
    it(`should show the questions, hours, programs and outside services in Spanish at ${width} px, each marked, without axe-core violations`, async () => {
      const context = await contextAt(width);
      const page = await context.newPage();
      await page.goto(`${origin}/es/services/brain/anxiety`);
      expect((await page.locator('.treatment-card-faq h4').first().innerText()).toLowerCase()).toBe('preguntas frecuentes');
      expect(await page.locator('main').innerText()).not.toMatch(/frequently asked questions|The Brain Reset/i);
      expect(await axeViolations(page)).toEqual([]);
      await page.goto(`${origin}/es/`);
      const book = width < 768 ? page.locator('.header-book') : page.locator('.header-actions a[data-event="start_visit_clicked"]');
      expect((await book.innerText()).replace(/\s+/g, ' ')).toMatch(/^Haga su cita \(en inglés\)/);
      expect(await book.locator('.in-english').isVisible()).toBe(true);
      expect(await page.locator('.hours-row').first().innerText()).toContain('10:00 a. m.');
      expect(await page.locator('.founder-portrait .portrait-badge').innerText()).toBe('Ilustración');
      expect(await axeViolations(page)).toEqual([]);
      expect(await sideways(page)).toBe(0);
      await context.close();
    }, 90_000);
  }
});

describe('the language switcher on phones (issue 38)', () => {
  for (const width of [360, 390, 420, 480, 600]) {
    it(`should switch in one tap from the header at ${width} px, labelled with the language, and come back`, async () => {
      const context = await contextAt(width);
      const page = await context.newPage();
      await page.goto(`${origin}/process`);
      const toSpanish = page.locator('.language-switch-compact');
      expect(await toSpanish.isVisible()).toBe(true);
      // Its code is shown, and its name is read out.
      expect(await toSpanish.locator('.language-code').isVisible()).toBe(true);
      expect(await toSpanish.locator('.language-code').innerText()).toBe('ES');
      expect(await toSpanish.evaluate((el) => el.textContent)).toContain('Español');
      const box = await toSpanish.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      expect(await sideways(page)).toBe(0);
      await toSpanish.click();
      await page.waitForURL(`${origin}/es/process`);
      expect(await page.locator('.language-switch-compact .language-code').innerText()).toBe('EN');
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('.language-switch-compact').click();
      await page.waitForURL(`${origin}/process`);
      await context.close();
    }, 60_000);
  }

  it('should say on a page in English only that it is, and where the switcher leads instead, at 360 px', async () => {
    const context = await contextAt(360);
    const page = await context.newPage();
    await page.goto(`${origin}/legal/privacy-policy`);
    const toSpanish = page.locator('.language-switch-compact');
    expect(await toSpanish.getAttribute('title')).toBe('Esta página está solo en inglés. Ir a «Inicio» en español');
    expect(await toSpanish.evaluate((el) => el.textContent)).toContain('Esta página está solo en inglés');
    expect(await page.locator('.footer-language a[hreflang="es"]').innerText()).toBe('Esta página está solo en inglés. Ir a «Inicio» en español');
    await page.locator('.menu-button').click();
    expect(await page.locator('#drawer .drawer-language .language-note').innerText()).toBe('Esta página está solo en inglés. Ir a «Inicio» en español');
    await page.keyboard.press('Escape');
    await toSpanish.click();
    await page.waitForURL(`${origin}/es/`);
    await page.goto(`${origin}/blog/category/womens-health/`);
    expect(await page.locator('.language-switch-compact').getAttribute('title')).toBe('Esta página está solo en inglés. Ir a «Blog» en español');
    await context.close();
  }, 60_000);
});
