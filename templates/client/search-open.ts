/** Opens the search dialog from the header, the drawer or the "/" key; its script is fetched the first time only. */
import { openModal } from './dialogs.ts';
import { closestTo } from './dom.ts';

/** Whether a key press is typing into a field (where "/" is a character, not a shortcut). */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
}

/** Wires every search button and the "/" shortcut to the dialog; on /search?q=… opens it with those words. */
export function initSearch(): void {
  const dialog = document.getElementById('search');
  if (!(dialog instanceof HTMLDialogElement)) return;
  const input = dialog.querySelector('input');
  let loaded = false;
  const open = (opener: Element | null) => {
    const drawer = document.getElementById('drawer');
    // From the drawer, focus comes back to the menu button: the drawer's own button is gone with it.
    if (drawer instanceof HTMLDialogElement && drawer.open) {
      drawer.close();
      opener = document.querySelector('button[aria-controls="drawer"]');
    }
    openModal(dialog, opener);
    input?.focus();
    if (!loaded && dialog.dataset.script) import(dialog.dataset.script).catch(() => undefined);
    loaded = true;
  };
  document.addEventListener('click', (event) => {
    const button = closestTo<HTMLElement>(event, '[data-search-open]');
    if (!button) return;
    event.preventDefault();
    open(button);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (document.querySelector('dialog[open]')) return;
    event.preventDefault();
    open(document.activeElement);
  });
  // /search and a translation's (/es/search).
  const words = /\/search\/?$/.test(location.pathname) ? new URLSearchParams(location.search).get('q') : null;
  if (words && input) {
    input.value = words;
    open(null);
  }
}
