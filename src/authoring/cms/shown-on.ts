/**
 * Over each entry's form: where it shows on the site ("Shown on: Men's Health page, Weight Loss & Metabolic Care page"), each
 * page a link that opens in a new tab; a service page's form also names the treatments whose questions it shows, each a link
 * to that treatment's entry. Read from places.json beside the editor (src/authoring/places.ts). Runs in the browser.
 */
import type { EntryPlaces, Place, PlacesOfEntries } from '../places.ts';
import type { CmsConfig } from '../cms-config.ts';

/** The attribute of the box (tests find it by it). */
const boxAttribute = 'data-shown-on';

/** Shows the places of the open entry over its form, as the editor moves from entry to entry. */
export function showPlaces(url: string, config: CmsConfig): void {
  let places: PlacesOfEntries = {};
  const refresh = () => {
    void fetch(url, { cache: 'no-store' })
      .then((response) => (response.ok ? (response.json() as Promise<PlacesOfEntries>) : {}))
      .then((read) => {
        places = read;
        place();
      })
      .catch(() => undefined);
  };
  const place = () => {
    const file = openFile(config, window.location.hash);
    const box = document.querySelector<HTMLElement>(`[${boxAttribute}]`);
    if (box && box.getAttribute(boxAttribute) === file) return;
    box?.remove();
    const entry = file ? places[file] : undefined;
    const form = document.querySelector('label[for*="-field-"]')?.parentElement?.parentElement;
    if (!file || !entry || !form) return;
    form.before(placesBox(file, entry));
  };
  refresh();
  // Saving can change where an entry shows (a card added, a provider named): read the places again after each change of entry.
  window.addEventListener('hashchange', refresh);
  new MutationObserver(place).observe(document.body, { childList: true, subtree: true });
}

/** The content file of the entry the address opens (#/collections/NAME/entries/SLUG), if any. */
export function openFile(config: Pick<CmsConfig, 'collections'>, hash: string): string | undefined {
  const open = /^#\/collections\/([^/]+)\/entries\/([^/?]+)/.exec(hash);
  if (!open) return undefined;
  const [, name, slug] = open.map(decodeURIComponent) as [string, string, string];
  const collection = config.collections.find((c) => c.name === name);
  if (!collection) return undefined;
  if (collection.files) return collection.files.find((f) => f.name === slug)?.file;
  return `${collection.folder}/${slug}.${collection.extension ?? 'yaml'}`;
}

/** The box: "Shown on:" and the pages, and a service page's "Questions from:" and the treatments. */
function placesBox(file: string, entry: EntryPlaces): HTMLElement {
  const box = document.createElement('div');
  box.setAttribute(boxAttribute, file);
  Object.assign(box.style, boxStyle);
  box.append(line('Shown on: ', entry.shownOn, true, 'Not shown on any page yet.'));
  if (entry.questionsFrom) {
    const none = 'No questions: its cards name treatments without questions.';
    box.append(line('Questions on this page come from these treatments (open one to change them): ', entry.questionsFrom, false, none));
  }
  return box;
}

/** A line of links, or `none` when there is none; pages open in a new tab, entries in the editor. */
function line(label: string, places: Place[], pages: boolean, none: string): HTMLElement {
  const p = document.createElement('p');
  p.style.margin = '4px 0';
  const strong = document.createElement('strong');
  strong.textContent = label;
  p.append(strong);
  if (places.length === 0) p.append(none);
  places.forEach((place, i) => {
    const link = document.createElement('a');
    link.href = place.href;
    link.textContent = place.label;
    if (pages) Object.assign(link, { target: '_blank', rel: 'noopener noreferrer', title: `${place.label} (opens in a new tab)` });
    p.append(...(i > 0 ? [', '] : []), link);
  });
  return p;
}

const boxStyle = {
  margin: '0 0 16px',
  padding: '10px 14px',
  background: '#f0fdfa',
  border: '1px solid #0f766e',
  borderRadius: '6px',
  color: '#1f2937',
  font: '15px/1.5 system-ui, sans-serif',
} as const;
