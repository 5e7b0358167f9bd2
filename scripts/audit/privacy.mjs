/**
 * Privacy by default: the requests each page makes (scrolled to the end, so lazy frames load) go
 * to the site's own origin only, except the map on the home page and the intake widget on /blog (and /es/, /es/blog/);
 * every analytics command carries only what SPEC §7 names.
 */
import { load } from 'cheerio';
import { openPage, pool } from './browser.mjs';

/** The events SPEC §7 names. */
export const specEvents = new Set([
  'portal_login_clicked',
  'start_visit_clicked',
  'book_now_clicked',
  'treatment_details_viewed',
  'biote_pellet_inquiry',
  'lab_purchase_click',
  'inbody_schedule_click',
  'anxiety_consultation_click',
  'focus_consultation_click',
  'mood_consultation_click',
  'mens_health_consultation_click',
  'womens_health_consultation_click',
  'peptide_therapy_consultation_click',
  'thyroid_consultation_click',
  'immune_support_consultation_click',
  'diagnostic_experience_clicked',
]);
/** The parameters an event may carry (SPEC §7: name, category, label, value). */
const eventParameters = new Set(['event_category', 'event_label', 'value']);
const analyticsOrigins = ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://region1.google-analytics.com'];

/**
 * The third-party origins each route may contact: the map's origin on the home page only, the
 * intake widget's on /blog only (both read from the built markup), analytics only when a
 * measurement id is configured.
 */
export function allowedOrigins(site) {
  const originsOf = (route, selector, attribute) => {
    const page = site.pages.find((p) => p.route === route);
    if (!page) return [];
    const $ = load(page.html);
    return $(selector)
      .map((_, el) => new URL($(el).attr(attribute), 'http://audit.invalid').origin)
      .get()
      .filter((origin) => origin !== 'http://audit.invalid');
  };
  const measured = site.pages.some((page) => /data-measurement-id="[^"]+"/.test(page.html));
  const allowed = new Map(site.pages.map((page) => [page.route, new Set(measured ? analyticsOrigins : [])]));
  // The home page and the blog of each language (/, /es/; /blog/, /es/blog/).
  for (const route of site.pages.map((p) => p.route)) {
    if (/^\/([a-z]{2}\/)?$/.test(route)) for (const origin of originsOf(route, 'iframe[src]', 'src')) allowed.get(route)?.add(origin);
    if (/^\/([a-z]{2}\/)?blog\/$/.test(route)) for (const origin of originsOf(route, 'script[src]', 'src')) allowed.get(route)?.add(origin);
  }
  return { allowed, measured };
}

/** The analytics commands on the page after clicking (without following) every `data-event` element. */
async function analyticsCommands(page) {
  return page.evaluate(() => {
    // Clicks are recorded by the analytics handler but followed by nothing else (every other handler skips prevented clicks).
    const prevent = (event) => event.preventDefault();
    window.addEventListener('click', prevent, true);
    for (const element of document.querySelectorAll('[data-event]')) element.click();
    window.removeEventListener('click', prevent, true);
    const layer = Array.isArray(window.dataLayer) ? window.dataLayer : null;
    if (!layer) return null;
    return layer.map((entry) => Array.from(entry).map((value) => (value instanceof Date ? '(Date)' : value)));
  });
}

/** Problems with one analytics command on a page at `path`. */
function commandProblems(command, path) {
  const [kind, name, parameters] = command;
  if (kind === 'js') return [];
  if (kind === 'config') {
    const extra = Object.keys(parameters ?? {}).filter((key) => key !== 'page_path');
    return [
      ...(extra.length ? [`config carries ${extra.join(', ')} (only page_path is named)`] : []),
      ...(parameters?.page_path !== path ? [`config page_path is ${JSON.stringify(parameters?.page_path)}, expected ${JSON.stringify(path)}`] : []),
    ];
  }
  if (kind === 'event') {
    const problems = [];
    if (!specEvents.has(name)) problems.push(`event "${name}" is not one SPEC §7 names`);
    for (const [key, value] of Object.entries(parameters ?? {})) {
      if (!eventParameters.has(key)) problems.push(`event "${name}" carries ${key}`);
      else if (value !== undefined && value !== null && typeof value !== 'string' && typeof value !== 'number') problems.push(`event "${name}" ${key} is a ${typeof value}`);
      else if (typeof value === 'string' && /@|https?:|\?/.test(value)) problems.push(`event "${name}" ${key} looks like an address: ${value}`);
    }
    return problems;
  }
  return [`unexpected analytics command ${JSON.stringify(command).slice(0, 120)}`];
}

/**
 * Loads every page at 1280 px, scrolls it through, clicks its tracked elements (preventing the
 * default), and resolves to `{ findings, requestsByRoute, events, logs }`.
 */
export async function checkPrivacy(browser, site, origin, { concurrency = 2 } = {}) {
  const { allowed, measured } = allowedOrigins(site);
  const findings = [];
  const requestsByRoute = {};
  const logs = [];
  let events = 0;
  await pool(site.pages, concurrency, async (sitePage) => {
    const tab = await openPage(browser, 1280);
    try {
      await tab.page.goto(origin + sitePage.path, { waitUntil: 'load' });
      // Scroll through the page so lazy images and frames (the map) load as for a reader.
      await tab.page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
          scrollTo({ top: y, behavior: 'instant' });
          await new Promise((done) => setTimeout(done, 50));
        }
      });
      await tab.page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
      const commands = await analyticsCommands(tab.page);
      if (!commands) findings.push({ route: sitePage.route, kind: 'analytics', problem: 'window.dataLayer is missing after load' });
      else {
        events += commands.filter((c) => c[0] === 'event').length;
        for (const command of commands) for (const problem of commandProblems(command, sitePage.path)) findings.push({ route: sitePage.route, kind: 'analytics', problem });
      }
      const thirdParty = tab.requests.filter((r) => /^https?:/.test(r.url) && new URL(r.url).origin !== origin);
      requestsByRoute[sitePage.route] = thirdParty.map((r) => `${r.type} ${r.url.slice(0, 120)}`);
      for (const request of thirdParty) {
        const requestOrigin = new URL(request.url).origin;
        if (!allowed.get(sitePage.route)?.has(requestOrigin)) findings.push({ route: sitePage.route, kind: 'request', problem: `${request.type} request to ${request.url.slice(0, 160)}` });
      }
    } catch (error) {
      findings.push({ route: sitePage.route, kind: 'error', problem: `privacy run failed: ${error?.message ?? error}` });
    } finally {
      logs.push({ route: sitePage.route, width: 1280, pass: 'privacy', log: tab.log, requests: tab.requests });
      await tab.close();
    }
  });
  return { findings, requestsByRoute, events, measured, allowed, logs };
}
