/** The blog: article cards open the article in a dialog, loading its text from the article's own page; Book Now opens a new tab. */
import { closestTo, isModified } from './dom.ts';
import { pageDialog } from './page-dialog.ts';

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
  if (!body) return;
  const show = pageDialog(dialog, body, '.prose');
  document.addEventListener('click', (event) => {
    const link = closestTo<HTMLAnchorElement>(event, 'a[data-article]');
    if (!link || isModified(event)) return;
    event.preventDefault();
    // Title, category, author, date and read time come from the card at once; the text follows.
    const card = link.closest('[data-article-card]');
    for (const field of dialog.querySelectorAll<HTMLElement>('[data-field]')) {
      const source = card?.querySelector(`[data-field="${field.dataset.field}"]`);
      field.textContent = source?.textContent ?? '';
      // The category badge keeps its category's colour.
      if (source && field.dataset.field === 'category') field.className = source.className;
    }
    show(link.href, link);
  });
}

/** Wires the Book Now links and, on the blog index, the article dialog. */
export function initBlog(): void {
  initNewWindowLinks();
  const dialog = document.getElementById('article-dialog');
  if (dialog instanceof HTMLDialogElement) initArticleDialog(dialog);
}
