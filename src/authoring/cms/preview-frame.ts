/**
 * The page inside the editor's preview frame, as the author reads it: its own script runs (menu, dropdown, dialogs), its
 * links stay in the preview (a part of the page) or open the site in a new tab (another page), never the editor inside
 * the frame; it opens at the top (or at the part of the page the entry is shown in), then follows her typing to the part
 * that changed, opening an FAQ answer she edits. Runs in the browser.
 */

/** The blocks of text a change is looked for in, in the order of the page. */
const blocks = 'h1, h2, h3, h4, h5, h6, p, li, dt, dd, summary, td, th, blockquote, figcaption, address, time, a, button';

/** Where the page was left: its address, how far it was scrolled, and the text of each block. */
export interface FrameState {
  page: string;
  scrollY: number;
  texts: string[];
}

/** What the page in `frame` shows now, to compare the next build of it with. */
export function frameState(frame: HTMLIFrameElement | null, page: string): FrameState | undefined {
  const document = frame?.contentDocument;
  if (!document?.body) return undefined;
  return { page, scrollY: frame!.contentWindow?.scrollY ?? 0, texts: textsOf(document) };
}

function textsOf(document: Document): string[] {
  return [...document.body.querySelectorAll(blocks)].map((block) => block.textContent ?? '');
}

/**
 * Readies a page just loaded in the frame: its links kept in the preview, and the view at the part that changed since
 * `before` (an FAQ answer opened), else where she was on the same page, else at the top or at the page's #part.
 */
export function readyFrame(frame: HTMLIFrameElement | null, page: string, before: FrameState | undefined): void {
  const document = frame?.contentDocument;
  const view = frame?.contentWindow;
  if (!document?.body || !view) return;
  keepLinksInPreview(view, page);
  const changed = before?.page === page ? firstChange(before.texts, document) : undefined;
  if (changed) {
    for (let at = changed.parentElement; at; at = at.parentElement) if (at.tagName === 'DETAILS') (at as HTMLDetailsElement).open = true;
    scrollWithin(view, changed, 3);
    return;
  }
  if (before?.page === page) return view.scrollTo(0, before.scrollY);
  const part = page.includes('#') ? document.getElementById(decodeURIComponent(page.split('#')[1]!)) : null;
  if (part) scrollWithin(view, part);
  else view.scrollTo(0, 0);
}

/**
 * Scrolls the page in the frame alone (scrollIntoView would scroll the editor's panes too) to bring `element` to the top,
 * or a `fraction` of the view below it.
 */
function scrollWithin(view: Window, element: Element, fraction?: number): void {
  const top = element.getBoundingClientRect().top + view.scrollY;
  view.scrollTo(0, Math.max(0, top - (fraction ? view.innerHeight / fraction : 0)));
}

/** The first block whose text is not what it was (a block added counts), or undefined when every block reads the same. */
function firstChange(texts: string[], document: Document): Element | undefined {
  const now = [...document.body.querySelectorAll(blocks)];
  const index = now.findIndex((block, i) => (block.textContent ?? '') !== texts[i]);
  // A block was removed at the end: the last block stands where it was.
  if (index < 0) return now.length < texts.length ? now[now.length - 1] : undefined;
  // The innermost block that changed: a paragraph rather than the list item or link around it.
  let block = now[index]!;
  for (const inner of block.querySelectorAll(blocks)) {
    const i = now.indexOf(inner);
    if (i >= 0 && (inner.textContent ?? '') !== texts[i]) block = inner;
  }
  return block;
}

/**
 * A link in the preview goes to a part of the page in the preview, or opens the site's page in a new tab: its page holds
 * the saved text, and the editor stays where it is (in the frame, the page's address is the editor's). Links the page's
 * own script takes (the search button, a dialog's) are left to it: this listener comes last, on the frame's window.
 */
function keepLinksInPreview(view: Window, page: string): void {
  const here = new URL(page, window.location.origin);
  const { document } = view;
  view.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!link || event.defaultPrevented) return;
    const href = link.getAttribute('href')!;
    const target = new URL(href, here);
    event.preventDefault();
    if (target.origin === here.origin && target.pathname === here.pathname && target.hash.length > 1) {
      const part = document.getElementById(decodeURIComponent(target.hash.slice(1)));
      if (part) scrollWithin(view, part);
      return;
    }
    if (href.startsWith('#')) return;
    window.open(target.href, '_blank', 'noopener,noreferrer');
  });
}
