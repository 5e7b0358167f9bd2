/** Modal dialogs: open with showModal, keep Tab inside, close on Escape, close control or backdrop, return focus. */
import { closestTo } from './dom.ts';

const focusableSelector = 'a[href],button:not([disabled]),input:not([disabled]),select,textarea,summary,iframe,[tabindex]:not([tabindex="-1"])';
const openers = new WeakMap<HTMLDialogElement, HTMLElement>();

/** The elements Tab can reach inside `root`, in order, skipping hidden ones. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter((el) => el.getClientRects().length > 0);
}

/** Opens `dialog` as a modal; focus goes back to `opener` (or whatever had it) when it closes. */
export function openModal(dialog: HTMLDialogElement, opener: Element | null = document.activeElement): void {
  if (dialog.open) return;
  if (opener instanceof HTMLElement) openers.set(dialog, opener);
  dialog.showModal();
}

/** Tab from the last element goes to the first and Shift+Tab from the first to the last, never to the browser's own UI. */
function wrapTab(dialog: HTMLDialogElement, event: KeyboardEvent): void {
  const items = focusables(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

function enhance(dialog: HTMLDialogElement): void {
  let pressedOnBackdrop = false;
  dialog.addEventListener('keydown', (event) => {
    if (event.key === 'Tab') wrapTab(dialog, event);
    // Closed here rather than left to the browser: Chrome skips the native cancel on a second Escape without user activation in between.
    if (event.key === 'Escape') {
      event.preventDefault();
      dialog.close();
    }
  });
  // A click whose press and release both land outside the box (on the backdrop) closes it.
  dialog.addEventListener('pointerdown', (event) => {
    pressedOnBackdrop = event.target === dialog;
  });
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog && pressedOnBackdrop) dialog.close();
    else if (closestTo(event, '[data-close]')) {
      event.preventDefault();
      dialog.close();
    }
    pressedOnBackdrop = false;
  });
  dialog.addEventListener('close', () => {
    const opener = openers.get(dialog);
    openers.delete(dialog);
    const active = document.activeElement;
    if (opener?.isConnected && (!active || active === document.body || dialog.contains(active))) opener.focus();
  });
}

/** Enhances every dialog of the page; the modules that own a dialog open it with `openModal`. */
export function initDialogs(): void {
  for (const dialog of document.querySelectorAll('dialog')) enhance(dialog);
}
