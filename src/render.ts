/** The render stage: each route through the templates into a complete HTML document. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { problems } from './errors.ts';
import type { Content } from './content/load.ts';
import type { Route } from './routes.ts';
import type { TemplateModule } from './templates.ts';
import type { ImageInfo } from './images.ts';
import type { AssetLinks, ExternalLinks, RouteView } from './view.ts';

/** A rendered page: where it goes and its HTML. */
export interface RenderedPage {
  route: Route;
  html: string;
}

/** The external addresses of site.yaml, by link name. */
export function externalLinks(content: Content): ExternalLinks {
  return { ...content.site.links };
}

/** The full view a template receives for one route. */
export function viewOf(content: Content, route: Route, assets: AssetLinks, links: ExternalLinks, images: Record<string, ImageInfo>): RouteView {
  return {
    shell: {
      site: content.site,
      navigation: content.navigation,
      path: route.path,
      meta: route.meta,
      assets,
      jsonLd: route.jsonLd,
      feed: { href: '/feed.xml', title: `${content.site.name} blog` },
      links,
      draft: route.draft,
      scripts: route.scripts,
      images,
    },
    page: route.page,
  };
}

/** Renders one view to `<!doctype html>` and markup; a template crash names the route. */
export function renderView(templates: TemplateModule, view: RouteView): string {
  try {
    return `<!doctype html>${renderToStaticMarkup(createElement(templates.Page, view))}`;
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw problems.templateError(`rendering ${view.shell.path} failed: ${detail}`);
  }
}
