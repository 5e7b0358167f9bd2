/** The search button (a link to /search without JavaScript) and the dialog it opens, whose script loads on first use. */
import type { ReactElement } from 'react';
import type { Shell } from '../../src/route/view.ts';
import type { SearchKind } from '../../src/schemas/search.ts';
import { Icon } from './Icon.tsx';
import { shownPhone, telHref } from './PhoneLink.tsx';

/** The header's search control: a link to /search without JavaScript, a button that opens the dialog with it. */
export function SearchToggle({ shell, className }: { shell: Shell; className: string }): ReactElement {
  const label = shell.search.buttonLabel;
  return (
    <>
      <a href={shell.searchHref} className={`${className} search-link`}>
        <Icon name="search" />
        <span className="search-toggle-label">{label}</span>
      </a>
      <button
        type="button"
        className={`${className} search-button`}
        aria-controls="search"
        aria-haspopup="dialog"
        aria-keyshortcuts="/"
        data-search-open=""
      >
        <Icon name="search" />
        <span className="search-toggle-label">{label}</span>
      </button>
    </>
  );
}

/** The words the dialog's script shows, by name (results, no results…), with the kinds' names and the clinic's phone (for {phone}). */
function messagesOf(copy: Shell['search'], phone: string): string {
  const { loading, results, oneResult, noResults, closeMatches, offline, kinds } = copy;
  const call = { text: shownPhone(phone), href: telHref(phone) };
  return JSON.stringify({ loading, results, oneResult, noResults, closeMatches, offline, kinds, phone: call });
}

/** The search dialog: a search field, a filter by kind of page, the results and a live status line. */
export function SearchDialog({ shell }: { shell: Shell }): ReactElement {
  const copy = shell.search;
  return (
    <dialog
      className="modal search-dialog"
      id="search"
      aria-labelledby="search-title"
      data-script={shell.assets.search}
      data-messages={messagesOf(copy, shell.site.phone)}
    >
      <div className="search-head">
        <h2 id="search-title">{copy.title}</h2>
        <button type="button" className="icon-button modal-close" aria-label={copy.closeLabel} data-close="">
          <Icon name="close" />
        </button>
      </div>
      {/* Not a form: Enter is the script's (it opens the first result), and there is nothing to submit without it. */}
      <div className="search-form" role="search">
        <label className="visually-hidden" htmlFor="search-input">
          {copy.inputLabel}
        </label>
        <input
          className="search-input"
          id="search-input"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          placeholder={copy.placeholder}
          enterKeyHint="search"
          aria-describedby="search-status"
        />
        <fieldset className="search-kinds">
          <legend>{copy.filterLabel}</legend>
          <label>
            <input type="radio" name="kind" value="" defaultChecked />
            {copy.allLabel}
          </label>
          {(Object.keys(copy.kinds) as SearchKind[]).map((kind) => (
            <label key={kind}>
              <input type="radio" name="kind" value={kind} />
              {copy.kinds[kind]}
            </label>
          ))}
        </fieldset>
      </div>
      <p className="search-status" id="search-status" role="status" aria-live="polite" />
      <ol className="search-results" />
    </dialog>
  );
}
