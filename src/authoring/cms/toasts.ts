/**
 * Decap's messages when something fails, in the office manager's words: "Failed to persist entry: API_ERROR: …" becomes
 * "Not saved: …" followed by what the server said (what went wrong, what to do), and a server that cannot be reached says so.
 * Runs in the browser.
 */
import { APIError } from 'decap-cms-lib-util';

/** The little of Decap's API this file uses. */
export interface DecapLocales {
  getLocale(locale: string): unknown;
  registerLocale(locale: string, phrases: unknown): void;
}

/** Decap's failure toasts, said plainly: `%{details}` is the server's own sentence (see plainErrors). */
export const failureToasts = {
  onFailToLoadEntries: 'The entry could not be opened: %{details}',
  onFailToLoadDeployPreview: 'The preview of the site could not be loaded: %{details}',
  onFailToPersist: 'Not saved: %{details}',
  onFailToDelete: 'Not deleted: %{details}',
  onFailToUpdateStatus: 'The status was not changed: %{details}',
  onFailToPublishEntry: 'Not published: %{details}',
  onFailToUnpublishEntry: 'Not taken off the site: %{details}',
} as const;

/** Decap's message under a field whose text does not have its form: the build's own sentence after the field's name. */
export const patternMessage = '%{fieldLabel} %{pattern}.';

/** What a request that never reached the dev server answers in its place (the server stopped, or the computer slept). */
export const unreachableServer =
  'the editor could not reach its server on this computer (it may have stopped). Start the editor again, reload this page, ' +
  'and make the change again.';

/** Decap's English phrases, the part this file changes. */
interface EnglishPhrases {
  ui?: { toast?: Record<string, string> };
  editor?: { editorControlPane?: { widget?: Record<string, string> } };
}

/**
 * Registers the English phrases with the failure toasts above, and the server's words as the toasts' details; a field of
 * the wrong form says "Closes must be a time such as 9:00 …" ("didn't match the pattern" is a programmer's phrase).
 */
export function herWordsForFailures(decap: DecapLocales): void {
  const en = decap.getLocale('en') as EnglishPhrases | undefined;
  const pane = en?.editor?.editorControlPane;
  if (en?.ui?.toast && pane?.widget) {
    const widget = { ...pane.widget, regexPattern: patternMessage };
    const editor = { ...en.editor, editorControlPane: { ...pane, widget } };
    decap.registerLocale('en', { ...en, ui: { ...en.ui, toast: { ...en.ui.toast, ...failureToasts } }, editor });
  }
  plainErrors();
}

/** A refused request's message without Decap's code name ("API_ERROR: the site would not build…" read as code to her). */
function plainErrors(): void {
  Object.defineProperty(APIError.prototype, 'toString', {
    value(this: Error) {
      return this.message;
    },
    configurable: true,
    writable: true,
  });
}

/**
 * Answers a request to one of `paths` of this page's own server that fails before any answer (the server is gone) with
 * a refusal in words, as the server would send it (`{ error }`): Decap shows that instead of "TypeError: Failed to fetch".
 */
export function sayWhenServerIsGone(paths: string[]): void {
  const send = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.origin !== window.location.origin || !paths.includes(url.pathname)) return send(input, init);
    try {
      return await send(input, init);
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      const body = JSON.stringify({ error: unreachableServer });
      return new Response(body, { status: 503, headers: { 'Content-Type': 'application/json' } });
    }
  };
}
