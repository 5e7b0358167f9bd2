/** Links to a home section (`data-smooth`) scroll there smoothly on the home page instead of navigating. */
import { closestTo, isModified, prefersReducedMotion } from './dom.ts';

/** Wires every `a[data-smooth]` of the page. */
export function initSmoothScroll(): void {
  document.addEventListener('click', (event) => {
    const link = closestTo<HTMLAnchorElement>(event, 'a[data-smooth]');
    if (!link || isModified(event) || link.pathname !== location.pathname || link.hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: prefersReducedMotion() ? 'instant' : 'smooth', block: 'start' });
    if (location.hash !== link.hash) history.pushState(null, '', link.hash);
    // Keyboard and screen-reader users continue from the section, as after a real jump.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  });
}
