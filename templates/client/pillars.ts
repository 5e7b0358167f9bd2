/** The home pillars: each button shows or hides its own treatment list; several may be open at once. */

/** Wires each pillar toggle to its own list. */
export function initPillars(): void {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('.pillar-toggle[aria-expanded]')) {
    toggle.addEventListener('click', () => toggle.setAttribute('aria-expanded', String(toggle.getAttribute('aria-expanded') !== 'true')));
  }
}

/** On phones, fills the dot of the pillar scrolled into view under the strip. */
export function initPillarDots(): void {
  const strip = document.querySelector<HTMLElement>('.pillars');
  const dots = document.querySelectorAll('.pillar-dot');
  if (!strip || dots.length === 0) return;
  strip.addEventListener(
    'scroll',
    () => {
      const step = (strip.scrollWidth - strip.clientWidth) / Math.max(1, dots.length - 1);
      const current = step > 0 ? Math.round(strip.scrollLeft / step) : 0;
      dots.forEach((dot, i) => dot.classList.toggle('is-current', i === current));
    },
    { passive: true },
  );
}
