/** The Services dropdown, a WAI-ARIA disclosure: the button toggles it; Escape, focus leaving and outside clicks close it. */

/** Wires every `.nav-dropdown` of the page. */
export function initDropdowns(): void {
  for (const root of document.querySelectorAll<HTMLElement>('.nav-dropdown')) {
    const toggle = root.querySelector<HTMLButtonElement>('button[aria-expanded]');
    if (!toggle) continue;
    const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
    const setOpen = (open: boolean) => toggle.setAttribute('aria-expanded', String(open));
    toggle.addEventListener('click', () => setOpen(!isOpen()));
    root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && isOpen()) {
        setOpen(false);
        toggle.focus();
      }
    });
    root.addEventListener('focusout', (event) => {
      if (event.relatedTarget instanceof Node && !root.contains(event.relatedTarget)) setOpen(false);
    });
    document.addEventListener('click', (event) => {
      if (isOpen() && event.target instanceof Node && !root.contains(event.target)) setOpen(false);
    });
  }
}
