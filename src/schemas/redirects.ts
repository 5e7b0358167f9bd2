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
  .refine((path) => path !== '/', 'cannot be "/", the home page');

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
