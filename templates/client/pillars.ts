/** The home pillars: each button shows or hides its own treatment list; several may be open at once. */

/** Wires each pillar toggle to its own list. */
export function initPillars(): void {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('.pillar-toggle[aria-expanded]')) {
    toggle.addEventListener('click', () => toggle.setAttribute('aria-expanded', String(toggle.getAttribute('aria-expanded') !== 'true')));
  }
}
