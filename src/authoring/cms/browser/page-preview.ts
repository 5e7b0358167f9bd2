/**
 * The hosted editor's preview, in the browser (bundled apart as admin/preview-HASH.js, loaded by the editor only when a
 * preview is first shown): the site's own load, route and render code and React templates make the page from the snapshot
 * of content/ (admin/site-HASH.json, written by `build --editor`) with the entry's unsaved text in place of its file, as the
 * build makes it: every problem the build would report is reported, at its file, line and column.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { loadContent } from '../../../load/content.ts';
import { problems, userErrors } from '../../../errors.ts';
import { renderRoute } from '../../../render/render.ts';
import { sharedView } from '../../../render/shared-view.ts';
import { keepHyphenatedWordsWhole } from '../../../render/words.ts';
import { buildRoutes } from '../../../route/table.ts';
import type { Route } from '../../../route/routes.ts';
import type { RouteView } from '../../../route/view.ts';
// hosted-preview.ts points this at the project's own templates/index.tsx.
import { Page } from '../../../../templates/index.tsx';
import { setFiles } from './virtual-fs.ts';
import type { PageRequest, PreviewAnswer, PreviewProblem } from '../preview.ts';
import type { SiteSnapshot } from '../hosted-preview.ts';

/** Where the snapshot's files are, to the site's load code. */
const root = '/site';

/** Today in the browser's own time zone (the clinic's, not UTC), as the build's YYYY-MM-DD. */
function localToday(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The route that answers a page's address (its #part aside), else the not-found page, as the host would. */
function routeOf(routes: Route[], page: string): Route | undefined {
  const path = page.split('#')[0]!.split('?')[0]!.replace(/\/+$/, '') || '/';
  const bare = (route: Route) => route.path.replace(/\/+$/, '') || '/';
  return routes.find((route) => bare(route) === path) ?? routes.find((route) => route.file === '404.html');
}

/** Renders one view as the build does (render.ts viewRenderer), with React's browser renderer; a template crash names the page. */
function renderView(view: RouteView): string {
  try {
    return keepHyphenatedWordsWhole(`<!doctype html>${renderToStaticMarkup(createElement(Page, view))}`);
  } catch (error) {
    throw problems.templateError(`rendering ${view.shell.path} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The page `request.page` with `request.file` holding `request.text`: its HTML, or the build's problems in her words. */
export async function previewPage(snapshot: SiteSnapshot, request: PageRequest): Promise<PreviewAnswer> {
  const files = new Map(Object.entries(snapshot.files).map(([file, text]) => [`${root}/${file}`, text]));
  files.set(`${root}/${request.file}`, request.text);
  setFiles(files);
  try {
    const content = await loadContent(root);
    const options = { drafts: true, future: true, today: localToday(), baseUrl: snapshot.baseUrl };
    const routes = buildRoutes(content, options, snapshot.images);
    const route = routeOf(routes, request.page);
    if (!route) return { errors: [{ title: 'No page', message: `The site has no page at ${request.page}.` }] };
    const shared = sharedView(content, snapshot.assets, snapshot.images);
    return { html: renderRoute(renderView, shared, route).html, page: request.page, warnings: [] };
  } catch (error) {
    const found = userErrors(error);
    if (!found) return { errors: [unexpected(error)] };
    return {
      errors: found.map((e) => ({
        title: e.title,
        message: e.message,
        ...(e.hint ? { hint: e.hint } : {}),
        ...(e.loc ? { file: e.loc.file, line: e.loc.line, column: e.loc.column } : {}),
      })),
    };
  }
}

/** A failure the build has no words for, said as what it means to her. */
function unexpected(error: unknown): PreviewProblem {
  return {
    title: 'The preview could not show this page',
    message: `Something in this entry stopped the page from being made (${error instanceof Error ? error.message : String(error)})`,
    hint: 'look again at the field you changed last; the published site runs the same check when the change is built',
  };
}

/** The editor's script finds the preview here once this bundle has loaded. */
(globalThis as { clinicPagePreview?: typeof previewPage }).clinicPagePreview = previewPage;
