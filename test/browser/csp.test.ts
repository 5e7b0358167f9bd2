/** The pages under the site's own Content-Security-Policy (from `_headers`, applied by the static host): nothing is blocked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedSite, type ServedSite } from './static-server.ts';

const routes = ['/', '/blog', '/blog/why-we-started/', '/process', '/memberships', '/services/brain/anxiety', '/no-such-page'];

let site: ServedSite;
beforeAll(async () => {
  site = await servedSite();
});
afterAll(async () => {
  await site?.close();
});

describe('content security policy', () => {
  it('should serve every page with the CSP of _headers and break none of it, with script running', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const route of routes) {
      const response = await page.goto(`${site.origin}${route}`, { waitUntil: 'load' });
      expect(response?.headers()['content-security-policy'], route).toMatch(/script-src/);
      const violations = await page.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const seen: string[] = [];
            document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
            // Late loads (the map, the intake widget) get a moment to be refused.
            setTimeout(() => resolve(seen), 300);
          }),
      );
      expect(violations, route).toEqual([]);
      // The browser script runs under the policy: the menu button opens the drawer.
      await page.click('.menu-button');
      await expect.poll(() => page.locator('#drawer').evaluate((drawer) => (drawer as HTMLDialogElement).open), { message: route }).toBe(true);
      await page.keyboard.press('Escape');
    }
    expect(errors.filter((e) => /Content.Security.Policy|Refused to/i.test(e))).toEqual([]);
    await context.close();
  });
});
