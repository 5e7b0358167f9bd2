/** The mobile drawer: a modal dialog opened by the menu button, closed by any of its links. */
import { openModal } from './dialogs.ts';

/** Wires the menu button to the drawer. */
export function initDrawer(): void {
  const drawer = document.getElementById('drawer');
  const button = document.querySelector<HTMLButtonElement>('button[aria-controls="drawer"]');
  if (!(drawer instanceof HTMLDialogElement) || !button) return;
  button.addEventListener('click', () => {
    openModal(drawer, button);
    button.setAttribute('aria-expanded', 'true');
    drawer.querySelector<HTMLElement>('[data-close]')?.focus();
  });
  drawer.addEventListener('close', () => button.setAttribute('aria-expanded', 'false'));
  // Selecting any item closes the drawer; the link then does what it does.
  drawer.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) drawer.close();
  });
  // Past the breakpoint the drawer has no button any more: close it.
  matchMedia('(min-width: 768px)').addEventListener('change', (event) => {
    if (event.matches && drawer.open) drawer.close();
  });
}
