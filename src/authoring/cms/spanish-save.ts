/**
 * Spanish at save time, in the editor's script: on the hosted site (no server when she saves), a saved Spanish entry records
 * what `clinic-site translated` records, in the same change; everywhere, a saved English entry whose translated text changed
 * names its Spanish entry to update, with a link to it. Runs in the browser.
 */
import { comparableText, type SpanishVersion } from './spanish-versions.ts';

/** The little of Decap's entry data (an Immutable map) a save changes. */
interface DecapData {
  toJS(): Record<string, unknown>;
  set(key: string, value: unknown): DecapData;
}

/** The little of Decap's entry a save handler reads. */
interface SavedEntry {
  get(key: 'collection' | 'slug'): string;
  get(key: 'data'): DecapData;
}

/** The little of Decap's API these handlers use. */
interface DecapEvents {
  registerEventListener(listener: { name: 'preSave' | 'postSave'; handler: (event: { entry: SavedEntry }) => unknown }): void;
}

/** The attribute of the notice a save of English text shows (tests find it by it). */
export const spanishNoticeAttribute = 'data-spanish-notice';

/**
 * Registers the save handlers. `records`: whether a Spanish save writes its record here (the hosted editor; the dev server
 * records it itself once the file is written). `hosted`: the notice says the Spanish form shows the new English once live.
 */
export function spanishSaves(decap: DecapEvents, versions: readonly SpanishVersion[], records: boolean): void {
  // A first Spanish version has no name before its first save: its collection makes only it.
  const versionOf = (entry: SavedEntry) =>
    versions.find((v) => v.collection === entry.get('collection') && (v.first || v.entry === entry.get('slug')));
  if (records) {
    decap.registerEventListener({
      name: 'preSave',
      handler: ({ entry }) => {
        const version = versionOf(entry);
        return version ? withRecord(entry.get('data'), version) : undefined;
      },
    });
  }
  decap.registerEventListener({
    name: 'postSave',
    handler: ({ entry }) => {
      const data = entry.get('data').toJS();
      const { collection, entry: name } = { collection: entry.get('collection'), entry: entry.get('slug') };
      const english = versions.find((v) => !v.first && v.english.collection === collection && v.english.entry === name);
      const changed = english ? changedFields(english, data) : [];
      if (english && changed.length > 0) showNotice(english, changed, records);
      return undefined;
    },
  });
}

/** The Spanish entry's data with `translation: from:` the English file's hashes (its review, if any, kept). */
function withRecord(data: DecapData, version: SpanishVersion): DecapData {
  const record = (data.toJS().translation ?? {}) as Record<string, unknown>;
  return data.set('translation', { ...record, from: { ...version.from } });
}

/** The labels of the English fields whose text in `data` is not the text the Spanish entry was shown with. */
export function changedFields(version: SpanishVersion, data: Record<string, unknown>): string[] {
  return Object.entries(version.text)
    .filter(([field, text]) => comparableText(data[field]) !== text)
    .map(([field]) => version.labels[field] ?? field);
}

/** Shows, at the top of the page until she leaves the entry, which Spanish entry to update and a link to it. */
function showNotice(version: SpanishVersion, changed: string[], hosted: boolean): void {
  removeNotices();
  window.removeEventListener('hashchange', removeNotices);
  window.addEventListener('hashchange', removeNotices);
  const note = document.createElement('div');
  note.setAttribute(spanishNoticeAttribute, version.file);
  note.setAttribute('role', 'status');
  Object.assign(note.style, noticeStyle);
  const text = document.createElement('p');
  text.style.margin = '0 0 4px';
  text.textContent =
    `You changed English text that the Spanish site translates (${changed.join(', ')}). ` +
    `Update its Spanish version too, so that both say the same.` +
    (hosted ? ' Once this change is published and live, the Spanish form shows the new English under each field.' : '');
  const link = document.createElement('a');
  link.href = `#/collections/${version.collection}/entries/${version.entry}`;
  link.textContent = `Update the Spanish version: ${version.label}`;
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.style.marginLeft = '12px';
  close.addEventListener('click', () => note.remove());
  note.append(text, link, close);
  document.body.append(note);
}

function removeNotices(): void {
  for (const note of document.querySelectorAll(`[${spanishNoticeAttribute}]`)) note.remove();
}

const noticeStyle = {
  position: 'fixed',
  bottom: '16px',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: '1000',
  maxWidth: 'min(40rem, calc(100vw - 32px))',
  padding: '12px 16px',
  background: '#eff6ff',
  border: '2px solid #1d4ed8',
  borderRadius: '6px',
  color: '#1f2937',
  font: '15px/1.5 system-ui, sans-serif',
  boxShadow: '0 4px 12px rgba(0, 0, 0, 0.2)',
} as const;
