/** Schema of content/redirects.yaml and of the old addresses an article keeps (`aliases:`). */
import { z } from 'zod';
import { unambiguousHref } from './common.ts';

/** An old address of the site that must keep working: a root-relative path, no query or #fragment. */
export const oldPath = unambiguousHref(false)
  .regex(
    /^\/(?:[A-Za-z0-9._~%-]+\/?)*$/,
    'must be a path from the site root without spaces, "?" or "#", e.g. /blog/old-title/ or /old-page',
  )
  .refine((path) => !path.split('/').some((part) => part === '.' || part === '..'), 'must not hold "." or ".." as a part of the path')
  .refine((path) => path !== '/', 'cannot be "/", the home page')
  .refine((path) => generatorPathOf(path.slice(1)) === undefined, {
    error: (issue) => generatorPathMessage(String(issue.input)),
  });

/**
 * The paths of the output the generator keeps for itself, whatever the content (`path` shown as the author writes it): no redirect
 * and no file of public/ may take one, nor anything under one.
 */
export const generatorPaths: readonly { path: string; what: string }[] = [
  { path: '/assets/', what: 'the bundled script, styles and fonts' },
  { path: '/pagefind/', what: 'the search index' },
  { path: '/.clinic-site-output', what: 'its list of the files it wrote' },
  { path: '/admin/', what: 'the browser editor' },
];

/** The generator's own path that `file` (a path inside the output, without a leading "/") is, or lies under; undefined for others. */
export function generatorPathOf(file: string): { path: string; what: string } | undefined {
  const top = file.replace(/^\/+/, '').split('/', 1)[0];
  return generatorPaths.find((owned) => owned.path.replace(/\//g, '') === top);
}

/** Where an old address leads: a page of this site (with an optional #fragment) or an https address. */
export const redirectTarget = unambiguousHref(true).regex(
  /^(\/[^\s?]*|https:\/\/[^\s]+)$/,
  'must be a page of this site (e.g. /process or /blog/new-title/) or a full https:// address',
);

export const redirectsSchema = z
  .array(
    z.strictObject({
      from: oldPath.describe('The old address, from the site root, such as /old-page or /blog/old-title/.'),
      to: redirectTarget.describe(
        'Where visitors of the old address go: a page of this site, such as /process, or a full https:// address.',
      ),
    }),
  )
  .describe('Old addresses and where they lead now; each becomes a permanent (301) redirect.');
export type Redirect = z.infer<typeof redirectsSchema>[number];

/** Why an old address may not be one of the generator's own paths, in the words of the field's message. */
function generatorPathMessage(path: string): string {
  const owned = generatorPathOf(path.slice(1));
  const where = `${owned?.path ?? path} is where the build puts ${owned?.what ?? 'files of its own'}`;
  return `cannot be ${path}: ${where}, so a redirect from it would break that part of the site`;
}
