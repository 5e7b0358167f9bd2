/** The verify stage as the pipeline runs it: every link of the site, or, while nothing a link could point to went away, the new pages'. */
import type { OutputFile } from '../bundle/assets.ts';
import type { Route } from '../route/routes.ts';
import { findHref } from './find.ts';
import { verifyLinks, type VerifiedPage } from './links.ts';

/** The pages of a build as the verify stage reads them: all of them, those rendered in this run, and whether one of those lost an id. */
export interface RenderedPages {
  pages: VerifiedPage[];
  /** The pages rendered in this run (the others were taken over). */
  fresh: VerifiedPage[];
  /** Whether a page rendered again lost an element id it had (a link elsewhere may point to it). */
  idsLost: boolean;
}

/**
 * Verifies every link against `files` (the search index's left out); while every file of the last verified build is
 * still there and no page lost an id, only the links of the pages rendered now are followed.
 */
export function verifyStage(
  root: string,
  rendered: RenderedPages,
  routes: Route[],
  files: OutputFile[],
  before: Set<string> | undefined,
): void {
  const output = new Set<string>();
  for (const route of routes) output.add(route.file);
  for (const file of files) output.add(file.file);
  let narrow = before !== undefined && !rendered.idsLost;
  if (narrow) for (const file of before!) if (!output.has(file)) narrow = false;
  verifyLinks(
    rendered.pages,
    files.map((f) => f.file),
    narrow ? rendered.fresh : rendered.pages,
    (href, pages) => findHref(root, href, pages),
  );
}
