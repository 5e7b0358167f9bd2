/**
 * A save the build refuses is not written: the project is built as it would be after the save (in the preview's copy),
 * and each problem is sent back with the form's field it concerns, found from its line in the saved file.
 */
import type { OverlayError } from '../report.ts';

/** A problem that refuses a save, in the build's words, and the top field of the form its line falls in (`body`, `hours`). */
export interface SaveProblem {
  title: string;
  message: string;
  hint: string | undefined;
  file: string | undefined;
  line: number | undefined;
  field: string | undefined;
}

/** The problems of a would-be project (the editor's files written in), with their fields; none when it builds. */
export type SaveCheck = (writes: ReadonlyMap<string, string | Buffer>, removed: string[]) => Promise<SaveProblem[]>;

/** How the project builds with files written over its own and others removed: its problems (the previewer's problemsWith). */
export type BuildWith = (writes: ReadonlyMap<string, string | Buffer>, removed: string[]) => Promise<OverlayError[]>;

/** A check of saves by `problemsWith` (the previewer's build of its copy with files written over the project's). */
export function saveCheck(problemsWith: BuildWith): SaveCheck {
  return async (writes, removed) => {
    const found = await problemsWith(writes, removed);
    return found.map(({ title, message, hint, file, line }) => {
      const saved = file === undefined ? undefined : writes.get(file);
      const field = typeof saved === 'string' && line !== undefined ? fieldAt(saved, line, file!.endsWith('.md')) : undefined;
      return { title, message, hint, file, line, field };
    });
  };
}

/**
 * The one line Decap shows for a refused save (after "Not saved: "): why the site stays as it was, what the build said
 * first and what to do about it.
 */
export function refusedSaveLine(problems: SaveProblem[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more, each shown at its field)` : '';
  const todo = first!.hint ? ` What to do: ${first!.hint.replace(/\.?$/, '.')}` : '';
  return `the site would not build with this change, so it stays as it was: ${first!.message.replace(/\.?$/, '.')}${todo}${more}`;
}

/** A top-level key of YAML (`hours:`, `title: …`), at the start of a line. */
const topKey = /^([A-Za-z_][\w-]*)\s*:/;

/**
 * The form's field that `line` (1-based) of a saved file falls in: in an article, `body` past the front matter's closing
 * `---`; otherwise the top-level key at or above the line. Undefined when the line is above every key.
 */
export function fieldAt(text: string, line: number, markdown: boolean): string | undefined {
  const lines = text.split(/\r?\n/);
  let start = 0;
  if (markdown) {
    if (lines[0]?.trim() !== '---') return 'body';
    const closing = lines.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (closing < 0 || line > closing + 1) return 'body';
    start = 1;
  }
  for (let i = Math.min(line, lines.length) - 1; i >= start; i--) {
    const key = topKey.exec(lines[i]!)?.[1];
    if (key) return key;
  }
  return undefined;
}
