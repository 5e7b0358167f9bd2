/** The blog: article cards open the article in a dialog, loading its text from the article's own page; Book Now opens a new tab. */
import { closestTo, isModified } from './dom.ts';
import { openModal } from './dialogs.ts';

/** The body of an article page (its `.prose`), as nodes of this document. */
async function loadArticle(href: string): Promise<Node[]> {
  const response = await fetch(href, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const prose = page.querySelector('.prose');
  if (!prose) throw new Error(`${href} has no article text`);
  return [...prose.childNodes].map((node) => document.adoptNode(node));
}

/** Links marked `data-new-window` open in a new tab, or here when the browser refuses a new window. */
function initNewWindowLinks(): void {
  document.addEventListener('click', (event) => {
    const link = closestTo<HTMLAnchorElement>(event, 'a[data-new-window]');
    if (!link || isModified(event)) return;
    event.preventDefault();
    const opened = window.open(link.href, '_blank');
    if (opened) opened.opener = null;
    else location.assign(link.href);
  });
}

function initArticleDialog(dialog: HTMLDialogElement): void {
  const body = dialog.querySelector<HTMLElement>('[data-article-body]');
  const scroller = dialog.querySelector<HTMLElement>('.modal-content');
  if (!body) return;
  const cache = new Map<string, Promise<Node[]>>();
  let shown = '';
  document.addEventListener('click', (event) => {
    const link = closestTo<HTMLAnchorElement>(event, 'a[data-article]');
    if (!link || isModified(event)) return;
    event.preventDefault();
    // Title, category, author, date and read time come from the card at once; the text follows.
    const card = link.closest('[data-article-card]');
    for (const field of dialog.querySelectorAll<HTMLElement>('[data-field]')) {
      field.textContent = card?.querySelector(`[data-field="${field.dataset.field}"]`)?.textContent ?? '';
    }
    const loading = document.createElement('p');
    loading.className = 'loading';
    loading.textContent = body.dataset.loading ?? '';
    body.replaceChildren(loading);
    body.setAttribute('aria-busy', 'true');
    shown = link.href;
    openModal(dialog, link);
    if (scroller) scroller.scrollTop = 0;
    if (!cache.has(link.href)) cache.set(link.href, loadArticle(link.href));
    cache.get(link.href)!.then(
      (nodes) => {
        if (shown !== link.href) return;
        body.replaceChildren(...nodes.map((node) => node.cloneNode(true)));
        body.removeAttribute('aria-busy');
      },
      () => {
        // The text cannot be loaded here: show the article's own page instead.
        cache.delete(link.href);
        location.assign(link.href);
      },
    );
  });
}

/** Wires the Book Now links and, on the blog index, the article dialog. */
export function initBlog(): void {
  initNewWindowLinks();
  const dialog = document.getElementById('article-dialog');
  if (dialog instanceof HTMLDialogElement) initArticleDialog(dialog);
}
