/**
 * Where a build keeps its memo, the one thing in which `build` and the dev server differ: `build` reads it from disk and saves it
 * back once the output is committed; the dev server keeps it in memory, and with it what only a process that builds again gains
 * from: the last route table, and the work across the whole site that reads no markdown body. The pipeline is the same for both.
 *
 * The route table, narrowed in the dev server: while everything it is made from but the bodies of the markdown files is the same
 * (every YAML file, the options, the image sizes, every markdown file's card, in order), the last table is taken over, with the
 * pages that show a changed markdown file whole made again (Route.source).
 */
import { hashOf } from '../hash.ts';
import type { ImageSizes, Route, RouteOptions } from '../route/routes.ts';
import { buildRoutes, pagesShowing } from '../route/table.ts';
import type { Content } from '../schemas/content.ts';
import { bodiedEntries } from '../schemas/kinds.ts';
import { bySite } from './content.ts';
import { saveMemo, type BuildMemo, type RouteMemo } from './memo.ts';
import type { SettledRecord } from './survey.ts';

/** Work across the whole site: `make`'s value, or one taken over while what it reads (and `extra`) is the same. */
export type AcrossSite = <T>(name: string, extra: string, make: () => T) => T;

/** A memo and how this build keeps it. */
export interface Keeping {
  memo: BuildMemo;
  /** Whether this process builds again (the dev server): its main thread stays ready to render, its search index waits to be asked. */
  rebuilds: boolean;
  /** The work across the whole site for this build's content and options. */
  acrossSite(content: Content, options: RouteOptions): AcrossSite;
  /** This build's route table. */
  routes(content: Content, options: RouteOptions, imageSizes: ImageSizes): Route[];
  /** Hands the memo on to the next build, with the record that lets one with nothing changed end at once. */
  keep(settled: SettledRecord | undefined): void;
}

/** `build`'s: the memo read from disk, saved back; everything else made afresh. */
export function onDisk(root: string, memo: BuildMemo): Keeping {
  return {
    memo,
    rebuilds: false,
    acrossSite: () => (_name, _extra, make) => make(),
    routes: buildRoutes,
    keep: (settled) => saveMemo(root, Object.assign(memo, { settled })),
  };
}

/** The dev server's: kept in memory, with the route table and the work across the site, while the site's cards and YAML files stay. */
export function inMemory(memo: BuildMemo): Keeping {
  // Worked out once for a build's content and options (it hashes every markdown file's card), though two stages ask for it.
  let known: { content: Content; options: RouteOptions; key: string } | undefined;
  const keyOf = (content: Content, options: RouteOptions) => {
    if (known?.content !== content || known.options !== options) known = { content, options, key: siteKeyOf(content, options) };
    return known.key;
  };
  return {
    memo,
    rebuilds: true,
    acrossSite(content, options) {
      const site = (memo.site ??= new Map());
      const key = keyOf(content, options);
      return (name, extra, make) => bySite(site, name, `${key} ${extra}`, make);
    },
    routes(content, options, imageSizes) {
      return (memo.routes = keptRoutes(memo.routes, content, options, imageSizes, keyOf(content, options))).routes;
    },
    keep: () => undefined,
  };
}

/** The route table of this build, taken over from the last where it can be. */
export function keptRoutes(
  last: RouteMemo | undefined, content: Content, options: RouteOptions, imageSizes: ImageSizes, siteKey = siteKeyOf(content, options),
): RouteMemo {
  const key = hashOf(siteKey, JSON.stringify(imageSizes));
  if (last?.key !== key) return tableOf(key, buildRoutes(content, options, imageSizes), content);
  const changed = bodiedEntries(content).filter((e) => (last.shown.get(e.file)?.sourceHash ?? e.sourceHash) !== e.sourceHash);
  if (changed.length === 0) return last;
  // The same table but these pages.
  const routes = [...last.routes];
  for (const route of pagesShowing(content, options, imageSizes, changed)) routes[last.shown.get(route.source!)!.index] = route;
  for (const e of changed) last.shown.get(e.file)!.sourceHash = e.sourceHash;
  return { ...last, routes };
}

function tableOf(key: string, routes: Route[], content: Content): RouteMemo {
  const hashes = new Map(bodiedEntries(content).map((e) => [e.file, e.sourceHash]));
  const shown = new Map<string, { index: number; sourceHash: string }>();
  routes.forEach((route, index) => route.source && shown.set(route.source, { index, sourceHash: hashes.get(route.source)! }));
  return { key, routes, shown };
}

/** The key of what the site's cards and YAML files say, under these options. */
export function siteKeyOf(content: Content, options: RouteOptions): string {
  const cards = bodiedEntries(content).map((e) => e.cardHash).join(' ');
  // A Spanish article is made from its English one's fields and body too, and is stale when the English changed.
  const spanish = content.spanish;
  const records = spanish?.translations.map((t) => [t.file, t.record, t.current, t.setAside, t.inEnglish]);
  const translated = spanish ? JSON.stringify([bodiedEntries(spanish.content).map((e) => e.sourceHash), records]) : '';
  return hashOf(content.catalogueKey, JSON.stringify(options), cards, translated);
}
