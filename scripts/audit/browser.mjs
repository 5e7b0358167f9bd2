/** Pages in the audit's shared Chromium, watched for console errors, CSP violations, uncaught errors and requests. */

/** Whether a console message reports a Content-Security-Policy violation. */
export const isCspViolation = (text) => /Content Security Policy|Content-Security-Policy/i.test(text);

/**
 * Opens a page `width` px wide in its own context of `browser` (playwright-core, connected over CDP).
 * Resolves to `{ page, log, requests, close }`: `log` collects `{ type, text }` of console errors and
 * warnings and uncaught page errors; `requests` every request `{ url, type, frame }` the page made, its frames included.
 */
export async function openPage(browser, width) {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 844 : 900 }, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  // Tabs opened by clicks (external links) are closed at once.
  context.on('page', (opened) => {
    if (opened !== page) opened.close().catch(() => undefined);
  });
  const log = [];
  const requests = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') log.push({ type: message.type(), text: message.text(), url: message.location()?.url ?? '' });
  });
  page.on('pageerror', (error) => log.push({ type: 'pageerror', text: String(error?.stack ?? error) }));
  page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType(), frame: request.frame()?.url() ?? '' }));
  return { page, log, requests, close: () => context.close().catch(() => undefined) };
}

/** Runs `task(item)` for every item with at most `limit` at once; resolves to the results in order. */
export async function pool(items, limit, task) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Turns the pages' console logs into findings `{ route, width, pass, kind, text }`: CSP violations,
 * uncaught errors and console errors fail; warnings are kept as notes. On the 404 page the browser's
 * own "status of 404" message for the document is expected and skipped.
 */
export function consoleFindings(logs, site) {
  const failures = [];
  const notes = [];
  const seen = new Set();
  for (const { route, width, pass, log } of logs) {
    const page = site.pages.find((p) => p.route === route);
    for (const entry of log) {
      if (page?.status === 404 && /status of 404/.test(entry.text) && entry.url.endsWith(page.path)) continue;
      const kind = isCspViolation(entry.text) ? 'csp' : entry.type === 'pageerror' ? 'uncaught error' : entry.type === 'error' ? 'console error' : 'console warning';
      const key = `${route}|${kind}|${entry.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      (kind === 'console warning' ? notes : failures).push({ route, width, pass, kind, text: entry.text.slice(0, 400) });
    }
  }
  return { failures, notes };
}
