/** Analytics: gtag commands on window.dataLayer, a page view on load, and an event for every `data-event` click. */
import { closestTo } from './dom.ts';

declare global {
  interface Window {
    dataLayer: unknown[];
    gtag: (...args: unknown[]) => void;
  }
}

/** Defines gtag as Google's loader expects it (it reads the `arguments` objects) and records the page view. */
export function initAnalytics(script: HTMLOrSVGScriptElement | null): void {
  window.dataLayer = window.dataLayer || [];
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params -- gtag.js requires the arguments object itself
    window.dataLayer.push(arguments);
  }
  window.gtag = gtag;
  gtag('js', new Date());
  const measurementId = script instanceof HTMLScriptElement ? script.dataset.measurementId : undefined;
  gtag('config', measurementId || 'default', { page_path: location.pathname });

  // Any element can raise an event: data-event (name), data-event-category, data-event-label, data-event-value.
  document.addEventListener('click', (event) => {
    const element = closestTo<HTMLElement>(event, '[data-event]');
    if (!element) return;
    const { event: name, eventCategory, eventLabel, eventValue } = element.dataset;
    gtag('event', name, { event_category: eventCategory, event_label: eventLabel, value: eventValue === undefined ? undefined : Number(eventValue) });
  });
}
