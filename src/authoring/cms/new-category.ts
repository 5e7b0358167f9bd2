/**
 * A category made from the article's form: under its Category field, a "New category" link opens the Blog page's
 * categories in a new tab (the pick list offers only categories of the Blog page); once saved there, it is in the
 * article's pick list, which reads the categories afresh as she types. Runs in the browser.
 */

/** The attribute of the link (tests find it by it). */
const linkAttribute = 'data-new-category';

/** Offers "New category" under the Category field of an article's form (collection `articles`), opening `categories`. */
export function offerNewCategory(articles: string, categories: string): void {
  const place = () => {
    const open = new RegExp(`^#/collections/${articles}/(entries/|new)`).test(window.location.hash);
    const label = open ? document.querySelector('label[for^="category-field-"]') : null;
    const link = document.querySelector(`[${linkAttribute}]`);
    if (!label) return link?.remove();
    if (link) return;
    const p = document.createElement('p');
    p.setAttribute(linkAttribute, '');
    Object.assign(p.style, { margin: '4px 0 8px', font: '14px/1.5 system-ui, sans-serif' });
    const a = document.createElement('a');
    a.href = categories;
    a.target = '_blank';
    a.rel = 'noopener';
    a.textContent = 'New category';
    p.append(a, ' (opens the Blog page\u2019s categories in a new tab: add it there, Publish, then pick it here)');
    label.parentElement?.after(p);
  };
  new MutationObserver(place).observe(document.body, { childList: true, subtree: true });
}
