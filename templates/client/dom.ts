/** Small DOM helpers the enhancement modules share. */

/** The element a click landed on, or its nearest ancestor matching `selector`. */
export function closestTo<T extends Element>(event: Event, selector: string): T | null {
  return event.target instanceof Element ? event.target.closest<T>(selector) : null;
}

/** Whether a click asks for something other than following the link here (new tab, download…). */
export function isModified(event: MouseEvent): boolean {
  return event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Whether the visitor asked the system for less motion. */
export function prefersReducedMotion(): boolean {
  return matchMedia('(prefers-reduced-motion: reduce)').matches;
}
