/**
 * Home treatments: a treatment link opens the shared dialog at once with the link's title and pillar, then
 * shows the details from the treatment's own page. An old `/#treatment-ID` address opens that treatment.
 */
import { closestTo, isModified } from './dom.ts';
import { pageDialog } from './page-dialog.ts';

/** Wires every `a[data-treatment]` of the page to `dialog#treatment-dialog`. */
export function initTreatments(): void {
  const dialog = document.getElementById('treatment-dialog');
  if (!(dialog instanceof HTMLDialogElement)) return;
  const body = dialog.querySelector<HTMLElement>('[data-treatment-body]');
  const title = dialog.querySelector<HTMLElement>('[data-treatment-title]');
  const eyebrow = dialog.querySelector<HTMLElement>('[data-treatment-pillar]');
  if (!body || !title || !eyebrow) return;
  const show = pageDialog(dialog, body, '[data-treatment-detail]', true);
  const base = dialog.className;
  const open = (link: HTMLAnchorElement, opener: Element | null) => {
    // The dialog takes the colour, icon and name of the pillar the link is in.
    const pillar = link.closest('.pillar');
    const accent = [...(pillar?.classList ?? [])].find((name) => name.startsWith('accent-'));
    dialog.className = accent ? `${base} ${accent}` : base;
    const icon = pillar?.querySelector('.pillar-icon svg');
    eyebrow.replaceChildren(...(icon ? [icon.cloneNode(true)] : []), pillar?.querySelector('h3')?.textContent ?? '');
    title.textContent = link.textContent;
    show(link.href, opener);
  };
  document.addEventListener('click', (event) => {
    const link = closestTo<HTMLAnchorElement>(event, 'a[data-treatment]');
    if (!link || isModified(event)) return;
    event.preventDefault();
    open(link, link);
  });
  const linked = /^#treatment-([a-z0-9-]+)$/.exec(location.hash);
  const link = linked ? document.querySelector<HTMLAnchorElement>(`a[data-treatment="${linked[1]}"]`) : null;
  if (link) {
    // Closed, it stays closed: the address loses the treatment.
    dialog.addEventListener('close', () => history.replaceState(history.state, '', location.pathname + location.search), { once: true });
    open(link, null);
  }
}
