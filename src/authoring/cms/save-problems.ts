/**
 * A save the dev server refuses (the site would not build with it) shows the build's message at the field it concerns,
 * in the build's own words (what is wrong, what to do, the file and line), until the next save. Runs in the browser.
 */

/** A problem as the dev server's backend sends it with a refused save (src/serve/save-check.ts SaveProblem). */
interface SaveProblem {
  title: string;
  message: string;
  hint?: string;
  file?: string;
  line?: number;
  field?: string;
}

/** The attribute of the messages shown for a refused save (tests find them by it). */
const noteAttribute = 'data-save-problem';

/** Watches the backend's answers to saves (`persistEntry` to `backendPath`) and shows the problems of a refused one. */
export function showSaveProblems(backendPath: string): void {
  const send = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const saving = url.pathname === backendPath && typeof init?.body === 'string' && init.body.includes('"action":"persistEntry"');
    if (!saving) return send(input, init);
    clearNotes();
    const response = await send(input, init);
    if (!response.ok) {
      const answer = (await response.clone().json().catch(() => ({}))) as { problems?: SaveProblem[] };
      for (const problem of answer.problems ?? []) showNote(problem);
    }
    return response;
  };
  window.addEventListener('hashchange', clearNotes);
}

function clearNotes(): void {
  for (const note of document.querySelectorAll(`[${noteAttribute}]`)) note.remove();
}

/** Shows one problem under the label of its field (Decap's labels are `for="NAME-field-N"`), or above the first field. */
function showNote(problem: SaveProblem): void {
  const label = problem.field ? document.querySelector<HTMLLabelElement>(`label[for^="${CSS.escape(problem.field)}-field-"]`) : null;
  const anchor = label?.parentElement ?? document.querySelector('label[for*="-field-"]')?.parentElement?.parentElement;
  if (!anchor) return;
  const note = document.createElement('div');
  note.setAttribute(noteAttribute, problem.field ?? '');
  note.setAttribute('role', 'alert');
  Object.assign(note.style, noteStyle);
  const heading = document.createElement('strong');
  heading.textContent = `Not saved: ${problem.title}`;
  const message = document.createElement('p');
  message.style.margin = '4px 0';
  message.textContent = problem.message;
  note.append(heading, message);
  if (problem.hint) {
    const hint = document.createElement('p');
    hint.style.margin = '4px 0';
    hint.textContent = `What to do: ${problem.hint}`;
    note.append(hint);
  }
  if (problem.file) {
    const place = document.createElement('small');
    place.textContent = `${problem.file}${problem.line ? `, line ${problem.line}` : ''}`;
    note.append(place);
  }
  if (label) anchor.after(note);
  else anchor.before(note);
  note.scrollIntoView({ block: 'center' });
}

const noteStyle = {
  margin: '8px 0',
  padding: '10px 14px',
  background: '#fff7ed',
  border: '2px solid #c2410c',
  borderRadius: '6px',
  color: '#1f2937',
  font: '15px/1.5 system-ui, sans-serif',
} as const;
