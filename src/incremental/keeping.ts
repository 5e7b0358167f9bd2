/**
 * Where a build keeps its memo, the one thing in which `build` and the dev server differ: `build` reads it from disk and saves it
 * back once the output is committed; the dev server keeps it in memory, and with it what only a process that builds again gains
 * from: the last route table, and the work across the whole site that reads no article body. The pipeline is the same for both.
 */
import type { ImageSizes, Route, RouteOptions } from '../route/routes.ts';
import { buildRoutes } from '../route/table.ts';
import type { Content } from '../schemas/content.ts';
import { saveMemo, type BuildMemo } from './memo.ts';
import { bySite, keptListing, keptRoutes, siteKeyOf } from './routes.ts';
import type { SettledRecord } from './survey.ts';

/** Work across the whole site: `make`'s value, or one taken over while what it reads (and `extra`) is the same. */
export type AcrossSite = <T>(name: string, extra: string, make: () => T) => T;

/** A route table, and the files listed from it (sitemaps, category feeds, redirects): `make`'s, or the last ones taken over. */
export interface RouteTable {
  routes: Route[];
  listing<Listing>(taken: Iterable<string>, make: () => Listing): Listing;
}

/** A memo and how this build keeps it. */
export interface Keeping {
  memo: BuildMemo;
  /** Whether this process builds again (the dev server): its main thread stays ready to render, its search index waits to be asked. */
  rebuilds: boolean;
  /** The work across the whole site for this build's content and options. */
  acrossSite(content: Content, options: RouteOptions): AcrossSite;
  /** This build's route table. */
  routes(content: Content, options: RouteOptions, imageSizes: ImageSizes): RouteTable;
  /** Hands the memo on to the next build, with the record that lets one with nothing changed end at once. */
  keep(settled: SettledRecord | undefined): void;
}

/** `build`'s: the memo read from disk, saved back; everything else made afresh. */
export function onDisk(root: string, memo: BuildMemo): Keeping {
  return {
    memo,
    rebuilds: false,
    acrossSite: () => (_name, _extra, make) => make(),
    routes: (content, options, imageSizes) => ({ routes: buildRoutes(content, options, imageSizes), listing: (_taken, make) => make() }),
    keep: (settled) => saveMemo(root, Object.assign(memo, { settled })),
  };
}

/** The dev server's: kept in memory, with the route table and the work across the site, while the site's cards and YAML files stay. */
export function inMemory(memo: BuildMemo): Keeping {
  return {
    memo,
    rebuilds: true,
    acrossSite(content, options) {
      const site = (memo.site ??= new Map());
      const key = siteKeyOf(content, options);
      return (name, extra, make) => bySite(site, name, `${key} ${extra}`, make);
    },
    routes(content, options, imageSizes) {
      const table = (memo.routes = keptRoutes(memo.routes, content, options, imageSizes));
      return { routes: table.routes, listing: (taken, make) => keptListing(table, taken, make) };
    },
    keep: () => undefined,
  };
}
