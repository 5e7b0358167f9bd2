/**
 * A page's key is made from the inputs its view is made from (RouteContext.page), so a page kind
 * cannot forget one: the four ways keys written by hand went stale (issue 24), each with a page
 * kind made here for the test where the site has none yet.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/load/content.ts';
import type { Content } from '../../src/schemas/content.ts';
import { articlePath } from '../../src/route/categories.ts';
import { routeContext, type MadePage, type RouteContext } from '../../src/route/routes.ts';
import { buildRoutes } from '../../src/route/table.ts';
import type { ArticleCard } from '../../src/route/view.ts';
import { removeProject, tempProject } from '../helpers.ts';

const options = { drafts: false, future: false, today: '2026-11-26', baseUrl: 'https://clinic.example' };

/** A page kind the site does not have: a provider's page listing the articles that provider reviewed. */
function providerPage(context: RouteContext, content: Content, provider: string): string {
  const reviewed = content.articles.filter((a) => a.reviewedBy === provider);
  const make = ({ reviewed: cards }: { reviewed: ArticleCard[] }): MadePage => ({
    meta: context.metaFor('/blog', context.content.metadata['/blog']),
    page: { template: 'notFound', notFound: { ...context.content.notFound, heading: cards.map((c) => c.title).join(', ') } },
    jsonLd: [],
  });
  context.page(`/providers/${provider}/`, { reviewed }, make);
  return context.routes.at(-1)!.key;
}

/** A page kind with translations: each lists the addresses of the others (hreflang). */
function translatedPage(context: RouteContext, translations: string[]): string {
  const make = ({ translations: list }: { translations: string[] }): MadePage => ({
    meta: context.metaFor('/', context.content.metadata['/']),
    page: { template: 'notFound', notFound: { ...context.content.notFound, heading: list.join(' ') } },
    jsonLd: [],
  });
  context.page('/translated/', { translations }, make);
  return context.routes.at(-1)!.key;
}

let dir: string;
let content: Content;
const article = 'content/blog/hrt-glow-up.md';

beforeAll(async () => {
  dir = await tempProject();
  content = await loadContent(dir);
});
afterAll(() => removeProject(dir));

describe('page keys made from what a page is made from', () => {
  it('should change the key of a page listing the articles a provider reviewed when one article names that reviewer (stale case 1)', async () => {
    const { articles: _articles, ...site } = content;
    const before = providerPage(routeContext(site, options, {}), content, 'jane-example');
    const text = await readFile(join(dir, article), 'utf8');
    await writeFile(join(dir, article), text.replace(/^title: /m, 'reviewedBy: jane-example\nreviewedOn: 2026-01-05\ntitle: '));
    const reviewed = await loadContent(dir);
    const after = providerPage(routeContext(site, options, {}), reviewed, 'jane-example');
    expect(after).not.toBe(before);
    await writeFile(join(dir, article), text);
  });

  it('should change the key of a page when a page it links to appears (a translation, stale case 2)', () => {
    const { articles: _articles, ...site } = content;
    const alone = translatedPage(routeContext(site, options, {}), []);
    const translated = translatedPage(routeContext(site, options, {}), ['/es/translated/']);
    expect(translated).not.toBe(alone);
  });

  it('should give a page made from what every page shares no article to read (nothing memoised by the site\'s shape, stale case 3)', () => {
    const { articles: _articles, ...site } = content;
    const context = routeContext(site, options, {});
    expect('articles' in context.content).toBe(false);
  });

  it('should key an article\'s own page by its whole file and the pages showing its card by its front matter (stale case 4: found by route, not by /blog/SLUG/)', async () => {
    const keysOf = (loaded: Content) => new Map(buildRoutes(loaded, options).map((r) => [r.path, r.key]));
    const before = keysOf(content);
    const text = await readFile(join(dir, article), 'utf8');
    await writeFile(join(dir, article), `${text}\nA paragraph typed at the end.\n`);
    const after = keysOf(await loadContent(dir));
    await writeFile(join(dir, article), text);
    const changed = [...after].filter(([path, key]) => before.get(path) !== key).map(([path]) => path);
    expect(changed).toEqual([articlePath('hrt-glow-up')]);
  });
});
