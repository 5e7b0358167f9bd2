/** Turning user errors and build results into text for the terminal and data for the browser overlay. */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SiteError } from './errors.ts';
import { outsideProject } from './read.ts';

/** Whether to colour output: only on a terminal, never with NO_COLOR set. */
export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  if ('NO_COLOR' in process.env && process.env.NO_COLOR !== undefined) return false;
  if (process.env.FORCE_COLOR && process.env.FORCE_COLOR !== '0') return true;
  return Boolean(stream.isTTY);
}

/** ANSI styles that turn into plain text when colour is off. */
export function palette(color: boolean) {
  const wrap = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), cyan: wrap(36, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/** One line of a code frame: its number, its text, and whether it is the offending line. */
export interface FrameLine {
  number: number;
  text: string;
  marked: boolean;
}

/** The offending line with two neighbours either side, read from the file the error names. */
export function codeFrame(root: string, error: SiteError, context = 2): FrameLine[] {
  if (!error.loc) return [];
  let source: string;
  try {
    const path = join(root, error.loc.file);
    // Only a regular file: reading a named pipe would wait forever, a device could be endless.
    // Never through a link that leads out of the project: its error must not print what it points to.
    if (!statSync(path).isFile() || outsideProject(root, path) !== undefined) return [];
    const bytes = readFileSync(path);
    // A picture (the error is about the file as a whole): its bytes are no text to show.
    if (bytes.includes(0)) return [];
    source = bytes.toString('utf8');
  } catch {
    return [];
  }
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, error.loc.line - context);
  const last = Math.min(lines.length, error.loc.line + context);
  const frame: FrameLine[] = [];
  for (let n = first; n <= last; n++) frame.push({ number: n, text: lines[n - 1] ?? '', marked: n === error.loc.line });
  return frame;
}

/** `content/FILE:LINE:COL  message  (hint)`, followed by a code frame with the column marked. */
export function formatError(root: string, error: SiteError, color: boolean, withFrame = true): string {
  const c = palette(color);
  const where = error.loc ? `${error.loc.file}:${error.loc.line}:${error.loc.column}` : error.title;
  const hint = error.hint ? `  ${c.dim(`(${error.hint})`)}` : '';
  let text = `${c.bold(c.cyan(where))}  ${c.red(error.message)}${hint}`;
  if (!withFrame || !error.loc) return text;
  const frame = codeFrame(root, error);
  const width = String(frame.at(-1)?.number ?? 0).length;
  for (const line of frame) {
    const gutter = `${line.marked ? '>' : ' '} ${String(line.number).padStart(width)} | `;
    text += `\n    ${line.marked ? c.red(gutter) : c.dim(gutter)}${line.text}`;
    if (line.marked) text += `\n    ${c.dim(' '.repeat(width + 2) + ' | ')}${' '.repeat(Math.max(0, error.loc.column - 1))}${c.red('^')}`;
  }
  return text;
}

/** What the dev server's overlay shows for one error. */
export interface OverlayError {
  title: string;
  message: string;
  hint: string | undefined;
  file: string | undefined;
  line: number | undefined;
  column: number | undefined;
  frame: FrameLine[];
}

/** An error as plain data for the browser overlay. */
export function overlayError(root: string, error: SiteError): OverlayError {
  return {
    title: error.title,
    message: error.message,
    hint: error.hint,
    file: error.loc?.file,
    line: error.loc?.line,
    column: error.loc?.column,
    frame: codeFrame(root, error),
  };
}

/** A byte count as a short human figure: 812 B, 4.2 KB. */
export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * A warning that ends with a list of content files ("41 medical pages were never reviewed (…):" and a file a line) as one
 * line that counts them: build and serve stay quiet, and `check` (or `build --verbose`) prints the list. Other warnings,
 * such as the lines to paste for a page that is gone, are left whole: they are what the author needs.
 */
export function briefWarning(warning: string): string {
  const [head = '', ...rest] = warning.split('\n');
  if (rest.length === 0 || !rest.every((line) => /^ {4}content\/\S+$/.test(line)) || !head.endsWith(':')) return warning;
  return `${head.slice(0, -1)}; \`npm run check\` lists ${rest.length === 1 ? 'it' : 'them'}`;
}
