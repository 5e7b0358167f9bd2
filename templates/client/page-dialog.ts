/** Dialogs that show part of another page of the site: open at once, then fill in from that page, fetched once. */
import { openModal } from './dialogs.ts';

/** The children of the first `selector` element of the page at `href`, as nodes of this document. */
async function loadPart(href: string, selector: string): Promise<Node[]> {
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const part = page.querySelector(selector);
  if (!part) throw new Error(`${href} has no ${selector}`);
  return [...part.childNodes].map((node) => document.adoptNode(node));
}

/**
 * Returns `show(href, opener)`, which opens `dialog` with a loading line in `body` (its `data-loading` text),
 * then puts there the children of `selector` on the page at `href`. When that page cannot be loaded, the
 * browser goes to it instead, as it would without JavaScript.
 */
export function pageDialog(dialog: HTMLDialogElement, body: HTMLElement, selector: string): (href: string, opener: Element | null) => void {
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
    if (!part) cache.set(href, (part = loadPart(href, selector)));
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
