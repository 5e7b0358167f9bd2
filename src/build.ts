/** One build, as an ordered list of stages: load → validate → route → bundle → render → verify → write. */
import { gzipSync } from 'node:zlib';
import { bundleAssets } from './assets.ts';
import { loadContent } from './content/load.ts';
import { robotsTxt, rssFeed, sitemaps } from './feeds.ts';
import { headersFile } from './headers.ts';
import { checkImageReferences, processImages } from './images.ts';
import { SiteErrors } from './errors.ts';
import { buildRoutes, publishedArticles, type RouteOptions } from './routes.ts';
import { externalLinks, renderView, viewOf } from './render.ts';
import { loadTemplates } from './templates.ts';
import { verifyLinks } from './verify.ts';
import type { Writer } from './writer.ts';

/** What a build is asked to do. */
export interface BuildOptions {
  /** The project folder holding content/, templates/ and public/. */
  root: string;
  writer: Writer;
  baseUrl?: string | undefined;
  drafts?: boolean;
  future?: boolean;
  /** YYYY-MM-DD; defaults to today. */
  today?: string;
}

/** A file of the output with its size, raw and compressed. */
export interface SizedFile {
  file: string;
  bytes: number;
  gzip: number;
}

/** What a build did, for the summary line. */
export interface BuildResult {
  pages: number;
  assets: SizedFile[];
  /** The largest page, compressed. */
  largestPage: SizedFile | undefined;
  warnings: string[];
  elapsedMs: number;
  /** Every file written, by path inside the output. */
  files: string[];
}

/** Builds the site into the writer and commits it; throws SiteErrors on any content or build problem. */
export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const { root, writer } = options;
  try {
    const content = await loadContent(root);
    const routeOptions: RouteOptions = {
      drafts: options.drafts ?? false,
      future: options.future ?? false,
      today: options.today ?? new Date().toISOString().slice(0, 10),
      baseUrl: options.baseUrl ?? content.site.baseUrl,
    };
    const routes = buildRoutes(content, routeOptions);
    const [templates, assets] = await Promise.all([loadTemplates(root), bundleAssets(root, content.site.socialImage)]);
    const missingImages = checkImageReferences(content.sources, assets.publicFiles);
    if (missingImages.length > 0) throw new SiteErrors(missingImages);
    const images = await processImages(root, assets.publicFiles);
    // Sharing images declare their real size (an article's own image may differ from the default).
    for (const route of routes) {
      const info = images.images[new URL(route.meta.image.url).pathname];
      if (info) route.meta = { ...route.meta, image: { ...route.meta.image, width: info.width, height: info.height } };
    }
    const links = externalLinks(content);
    const pages = routes.map((route) => ({ route, html: renderView(templates.module, viewOf(content, route, assets.links, links, images.images)) }));

    const published = publishedArticles(content, { ...routeOptions, drafts: false, future: false });
    const extras = [
      ...sitemaps(routes, routeOptions.baseUrl),
      { file: 'robots.txt', text: robotsTxt(routeOptions.baseUrl) },
      { file: 'feed.xml', text: rssFeed(content, published, routeOptions.baseUrl) },
      { file: '_headers', text: headersFile(content.site) },
    ];
    const otherFiles = [...assets.bundled, ...assets.publicFiles, ...images.files].map((f) => f.file).concat(extras.map((e) => e.file));
    verifyLinks(pages.map((p) => ({ path: p.route.path, html: p.html })), otherFiles);

    await Promise.all([
      ...pages.map((p) => writer.write(p.route.file, p.html)),
      ...assets.bundled.map((f) => writer.write(f.file, f.bytes)),
      ...assets.publicFiles.map((f) => writer.write(f.file, f.bytes)),
      ...images.files.map((f) => writer.write(f.file, f.bytes)),
      ...extras.map((e) => writer.write(e.file, e.text)),
    ]);
    await writer.commit();

    const hidden = content.articles.length - published.length;
    const warnings = hidden > 0 && !routeOptions.drafts ? [`${hidden} draft or future article${hidden === 1 ? ' was' : 's were'} left out (build --drafts shows them)`] : [];
    const largest = pages.map((p) => sized(p.route.file, p.html)).sort((a, b) => b.gzip - a.gzip)[0];
    return {
      pages: pages.length,
      assets: assets.bundled.map((f) => sized(f.file, f.bytes)),
      largestPage: largest,
      warnings,
      elapsedMs: performance.now() - started,
      files: [...pages.map((p) => p.route.file), ...otherFiles],
    };
  } catch (error) {
    await writer.discard();
    throw error;
  }
}

function sized(file: string, data: string | Uint8Array): SizedFile {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}
