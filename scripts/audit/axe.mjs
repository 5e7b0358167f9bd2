/**
 * axe-core on every route at 390 and 1280 px: closed, and with the drawer (390), the Services
 * dropdown (1280), the treatment dialog (home), the article dialog (blog) and the search dialog
 * with results (/search) open.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { openPage, pool } from './browser.mjs';

export const widths = [390, 1280];

/** The controls the audit opens; a missing one is reported, since it means the markup changed. */
export const selectors = {
  menuButton: '.menu-button',
  drawer: 'dialog#drawer',
  dropdownToggle: '.dropdown-toggle',
  pillarToggle: '.pillar-toggle',
  treatmentLink: 'a[data-treatment]',
  treatmentDialog: 'dialog#treatment-dialog',
  articleLink: 'a[data-article]',
  articleDialog: 'dialog#article-dialog',
  searchDialog: 'dialog#search',
};

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe on the page as it is; resolves to its violations, each with up to 5 nodes. */
async function axeViolations(page) {
  // Through the protocol, not a <script> tag: the site's CSP (rightly) refuses inline script.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(await axeSource);
  const violations = await page.evaluate(async () => {
    // Colours are measured as painted: a panel still fading in (0.18 s) reads as low contrast, so
    // let every finite CSS animation and transition end first.
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    // target-size (WCAG 2.2, 2.5.8: 24 × 24 CSS px) is off in axe by default; the site holds to it.
    const result = await window.axe.run(document, { iframes: false, resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 200), summary: n.failureSummary })) }));
  });
  return violations.map((v) => ({ ...v, count: v.nodes.length, nodes: v.nodes.slice(0, 5) }));
}

/** The first element matching `selector` that is visible, or undefined. */
async function firstVisible(page, selector) {
  for (const element of await page.locator(selector).all()) if (await element.isVisible()) return element;
  return undefined;
}

/** Presses Escape and checks `selector` is closed again; resolves to a problem or undefined. */
async function closeWithEscape(page, selector, isOpen, what) {
  await page.keyboard.press('Escape');
  await page.waitForTimeout(50);
  return (await isOpen()) ? `Escape did not close the ${what} (${selector})` : undefined;
}

/**
 * The states to check on one route at one width, as `{ name, open() → problem|undefined, close() }`.
 * `open` resolves to a problem string when the control is missing or does not open.
 */
function statesFor(page, route, width) {
  const states = [];
  if (width < 768) {
    states.push({
      name: 'drawer open',
      async open() {
        const button = await firstVisible(page, selectors.menuButton);
        if (!button) return `no visible ${selectors.menuButton} at ${width} px`;
        await button.click();
        const opened = await page.waitForSelector(`${selectors.drawer}[open]`, { timeout: 3000 }).catch(() => null);
        return opened ? undefined : `${selectors.menuButton} did not open ${selectors.drawer}`;
      },
      close: () => closeWithEscape(page, selectors.drawer, () => page.locator(`${selectors.drawer}[open]`).count().then(Boolean), 'drawer'),
    });
  } else {
    states.push({
      name: 'dropdown open',
      async open() {
        const toggle = await firstVisible(page, selectors.dropdownToggle);
        if (!toggle) return `no visible ${selectors.dropdownToggle} at ${width} px`;
        await toggle.click();
        await page.waitForTimeout(50);
        return (await toggle.getAttribute('aria-expanded')) === 'true' ? undefined : `${selectors.dropdownToggle} did not set aria-expanded="true"`;
      },
      close: () => closeWithEscape(page, selectors.dropdownToggle, async () => (await page.locator(`${selectors.dropdownToggle}[aria-expanded="true"]`).count()) > 0, 'dropdown'),
    });
  }
  if (route === '/') {
    states.push({
      name: 'treatment dialog open',
      async open() {
        if ((await page.locator(selectors.treatmentLink).count()) === 0) return `no ${selectors.treatmentLink} on /`;
        let link = await firstVisible(page, selectors.treatmentLink);
        if (!link) {
          const toggle = await firstVisible(page, selectors.pillarToggle);
          if (!toggle) return `no visible ${selectors.treatmentLink}, and no visible ${selectors.pillarToggle} to show one`;
          await toggle.click();
          link = await firstVisible(page, selectors.treatmentLink);
          if (!link) return `${selectors.pillarToggle} showed no ${selectors.treatmentLink}`;
        }
        await link.click();
        const opened = await page.waitForSelector(`${selectors.treatmentDialog}[open]`, { timeout: 3000 }).catch(() => null);
        if (!opened) return `${selectors.treatmentLink} did not open ${selectors.treatmentDialog}`;
        // The details arrive by fetch from the treatment's page; check the dialog with them.
        await page.waitForSelector(`${selectors.treatmentDialog} [data-treatment-body]:not([aria-busy])`, { timeout: 5000 }).catch(() => null);
        return undefined;
      },
      close: () => closeWithEscape(page, selectors.treatmentDialog, () => page.locator(`${selectors.treatmentDialog}[open]`).count().then(Boolean), 'treatment dialog'),
    });
  }
  if (route === '/blog/') {
    states.push({
      name: 'article dialog open',
      async open() {
        const link = await firstVisible(page, selectors.articleLink);
        if (!link) return `no visible ${selectors.articleLink} on /blog/`;
        await link.click();
        const opened = await page.waitForSelector(`${selectors.articleDialog}[open]`, { timeout: 3000 }).catch(() => null);
        if (!opened) return `${selectors.articleLink} did not open ${selectors.articleDialog}`;
        // The article text arrives by fetch; check the dialog with it.
        await page.waitForSelector(`${selectors.articleDialog} [data-article-body]:not([aria-busy])`, { timeout: 5000 }).catch(() => null);
        return undefined;
      },
      close: () => closeWithEscape(page, selectors.articleDialog, () => page.locator(`${selectors.articleDialog}[open]`).count().then(Boolean), 'article dialog'),
    });
  }
  if (route === '/search/') {
    states.push({
      name: 'search dialog open with results',
      async open() {
        await page.keyboard.press('/');
        const opened = await page.waitForSelector(`${selectors.searchDialog}[open]`, { timeout: 3000 }).catch(() => null);
        if (!opened) return `"/" did not open ${selectors.searchDialog}`;
        await page.fill(`${selectors.searchDialog} input[type="search"]`, 'thyroid');
        const found = await page.waitForSelector(`${selectors.searchDialog} .search-result`, { timeout: 10000 }).catch(() => null);
        return found ? undefined : `${selectors.searchDialog} listed no result for "thyroid"`;
      },
      close: () => closeWithEscape(page, selectors.searchDialog, () => page.locator(`${selectors.searchDialog}[open]`).count().then(Boolean), 'search dialog'),
    });
  }
  return states;
}

/**
 * Checks every page of `site` served at `origin`. Resolves to `{ runs, findings, problems, logs }`:
 * `findings` one per violation `{ route, width, state, id, impact, help, count, nodes }`, `problems`
 * controls that were missing or misbehaved `{ route, width, state, problem }`, `logs` the pages' console logs.
 */
export async function checkAccessibility(browser, site, origin, { concurrency = 2 } = {}) {
  const jobs = site.pages.flatMap((page) => widths.map((width) => ({ page, width })));
  const findings = [];
  const problems = [];
  const logs = [];
  let runs = 0;
  await pool(jobs, concurrency, async ({ page: sitePage, width }) => {
    const tab = await openPage(browser, width);
    try {
      await tab.page.goto(origin + sitePage.path, { waitUntil: 'load' });
      await tab.page.waitForFunction(() => document.documentElement.classList.contains('js'), undefined, { timeout: 5000 }).catch(() => undefined);
      const record = (state, violations) => {
        runs++;
        for (const v of violations) findings.push({ route: sitePage.route, width, state, ...v });
      };
      record('closed', await axeViolations(tab.page));
      for (const state of statesFor(tab.page, sitePage.route, width)) {
        const problem = await state.open();
        if (problem) {
          problems.push({ route: sitePage.route, width, state: state.name, problem });
          continue;
        }
        record(state.name, await axeViolations(tab.page));
        const closeProblem = await state.close();
        if (closeProblem) {
          problems.push({ route: sitePage.route, width, state: state.name, problem: closeProblem });
          await tab.page.reload({ waitUntil: 'load' });
        }
      }
    } catch (error) {
      problems.push({ route: sitePage.route, width, state: '-', problem: `axe run failed: ${error?.message ?? error}` });
    } finally {
      logs.push({ route: sitePage.route, width, pass: 'axe', log: tab.log, requests: tab.requests });
      await tab.close();
    }
  });
  return { runs, findings, problems, logs };
}
