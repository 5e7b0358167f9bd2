/**
 * The one place that decides what a link written in content is: a page of this site, another site,
 * or a form a browser reads as another site although it looks like a path (//host, /\host), which is refused.
 */

/** What an href is, as a browser reads it on one of the site's pages. */
export type LinkForm =
  /** A single "/" and then anything but "/" or "\": a path of this site (/process, /#about, /). */
  | 'internal'
  /** A scheme first (https:, mailto:, tel:): another site or app. */
  | 'external'
  /** "#id": a place on the same page. */
  | 'fragment'
  /** Anything else without a leading "/" or "\" ("process", "../x"): read from the page's own address. */
  | 'relative'
  /** Two slashes or backslashes first (//host, /\host, \\host): another site, with no scheme written. */
  | 'other-host'
  /** A single backslash first (\process): browsers read it as "/", other tools as text. */
  | 'backslash';

/** What `href` is: see LinkForm. Leading spaces, and tabs or newlines anywhere, are dropped first, as browsers do. */
export function linkForm(href: string): LinkForm {
  // The URL parser strips C0 controls and spaces at both ends and removes every tab and newline: "/\t/host" is "//host".
  const read = /[\u0000-\u0020]/.test(href) ? href.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '') : href;
  const first = read[0];
  if (first === '/' || first === '\\') {
    if (read[1] === '/' || read[1] === '\\') return 'other-host';
    return first === '/' ? 'internal' : 'backslash';
  }
  if (first === '#') return 'fragment';
  return /^[a-z][a-z\d+.-]*:/i.test(read) ? 'external' : 'relative';
}

/** Whether `href` is a path of this site: a single "/" first, then anything but "/" or "\". */
export function isInternalHref(href: string): boolean {
  return linkForm(href) === 'internal';
}

/** Whether `href` looks like a path but leads to another site or means different things to different tools (//host, /\host, \path). */
export function isAmbiguousHref(href: string): boolean {
  const form = linkForm(href);
  return form === 'other-host' || form === 'backslash';
}
