/** Dialogs that show part of another page of the site: open at once, then fill in from that page, fetched once. */
import { openModal } from './dialogs.ts';

/**
 * The children of the first `selector` element of the page at `href`, as nodes of this document; with `demote`,
 * its h2-h5 become h3-h6, to sit under the dialog's own h2 title.
 */
async function loadPart(href: string, selector: string, demote: boolean): Promise<Node[]> {
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const part = page.querySelector(selector);
  if (!part) throw new Error(`${href} has no ${selector}`);
  if (demote) {
    for (const heading of part.querySelectorAll('h2,h3,h4,h5')) {
      const lower = page.createElement(`h${Number(heading.tagName[1]) + 1}`);
      for (const { name, value } of heading.attributes) lower.setAttribute(name, value);
      lower.append(...heading.childNodes);
      heading.replaceWith(lower);
    }
  }
  return [...part.childNodes].map((node) => document.adoptNode(node));
}

/**
 * Returns `show(href, opener)`, which opens `dialog` with a loading line in `body` (its `data-loading` text),
 * then puts there the children of `selector` on the page at `href` (headings one level down with `demote`).
 * When that page cannot be loaded, the browser goes to it instead, as it would without JavaScript.
 */
export function pageDialog(dialog: HTMLDialogElement, body: HTMLElement, selector: string, demote = false): (href: string, opener: Element | null) => void {
  const scroller = dialog.querySelector<HTMLElement>('.modal-content');
  const cache = new Map<string, Promise<Node[]>>();
  let shown = '';
  return (href, opener) => {
    const loading = document.createElement('p');
    loading.className = 'loading';
    loading.textContent = body.dataset.loading ?? '';
    body.replaceChildren(loading);
    body.setAttribute('aria-busy', 'true');
    shown = href;
    openModal(dialog, opener);
    if (scroller) scroller.scrollTop = 0;
    let part = cache.get(href);
    if (!part) cache.set(href, (part = loadPart(href, selector, demote)));
    part.then(
      (nodes) => {
        if (shown !== href) return;
        body.replaceChildren(...nodes.map((node) => node.cloneNode(true)));
        body.removeAttribute('aria-busy');
      },
      () => {
        cache.delete(href);
        // Only while the visitor still waits for this page, not after moving on to another.
        if (shown === href) location.assign(href);
      },
    );
  };
}
