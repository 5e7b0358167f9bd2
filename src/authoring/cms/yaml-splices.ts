/**
 * The editor's changes to a YAML file as changes of its text: a value replaced in its own quoting (a folded
 * paragraph folded again as the author folded it), a row added to a list or a field added to a group written
 * in at its place, a removed one taken out; every other byte stays as the author left it, comments included.
 */
import { Document, isMap, isScalar, isSeq, parseDocument, visit, type Pair } from 'yaml';

/** A change of the source's text: what replaces the characters from `from` to `to`. */
interface Splice {
  from: number;
  to: number;
  text: string;
}

/** The source's text turned into `value` by splices alone, or undefined when only a rewrite can say it. */
export function splicedText(source: string, value: unknown): string | undefined {
  const doc = parseDocument(source);
  const splices: Splice[] = [];
  if (!splicesOf(doc.contents, value, splices, { source, width: foldWidth(source, doc) })) return undefined;
  // Applied from the end; of two at one place, the one made later goes in first, so the earlier one stays before it.
  const order = splices.map((s, i) => ({ ...s, i })).sort((a, b) => b.from - a.from || b.i - a.i);
  const text = order.reduce((t, s) => t.slice(0, s.from) + s.text + t.slice(s.to), source);
  return sameValue(parseDocument(text).toJS(), value) ? text : undefined;
}

/** The source, and the width its author folded paragraphs at (its longest line of a folded block, leaving out the indentation). */
interface FileText {
  source: string;
  width: number;
}

function foldWidth(source: string, doc: Document.Parsed): number {
  let width = 0;
  visit(doc, {
    Scalar(_, node) {
      if (node.type !== 'BLOCK_FOLDED' || !node.range) return;
      for (const line of source.slice(node.range[0], node.range[1]).split('\n').slice(1)) width = Math.max(width, line.trim().length);
    },
  });
  return width;
}

/** Whether two values hold the same data, an empty group or text counting as nothing (as the editor writes them). */
function sameValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'object' && Object.keys(v).length === 0);
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
    return [...new Set([...Object.keys(x), ...Object.keys(y)])].every((key) => sameValue(x[key], y[key]));
  }
  return a === b;
}

/** The splices that turn `node` into `value`; false when the change is not one they can say. */
function splicesOf(node: unknown, value: unknown, out: Splice[], file: FileText): boolean {
  if (isScalar(node)) {
    if (node.value === value) return true;
    const text = node.range ? scalarText(node, value, file) : undefined;
    if (text === undefined) return false;
    out.push({ from: node.range![0], to: node.range![1], text });
    return true;
  }
  if (isSeq(node) && Array.isArray(value)) return listSplices(node as SeqNode, value, out, file);
  if (isMap(node) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    return groupSplices(node as MapNode, value as Record<string, unknown>, out, file);
  }
  return false;
}

type SeqNode = { items: unknown[]; flow?: boolean; range?: [number, number, number] | null };
type MapNode = { items: Pair<unknown, unknown>[]; flow?: boolean };

/** A list: rows changed in place, new rows written after the last one, removed rows taken out from the end. */
function listSplices(node: SeqNode, value: unknown[], out: Splice[], file: FileText): boolean {
  const shared = Math.min(node.items.length, value.length);
  for (let i = 0; i < shared; i++) if (!splicesOf(node.items[i], value[i], out, file)) return false;
  if (node.items.length === value.length) return true;
  if (node.flow || node.items.length === 0) return false;
  const indent = dashIndent(node.items[0], file.source);
  if (indent === undefined) return false;
  const last = node.items[node.items.length - 1];
  if (value.length > node.items.length) {
    const at = lineEnd(file.source, rangeOf(last)[1]);
    out.push({ from: at, to: at, text: written(value.slice(shared), indent, file.source, at) });
    return true;
  }
  const from = lineStart(file.source, rangeOf(node.items[shared])[0]);
  out.push({ from, to: lineEnd(file.source, rangeOf(last)[1]), text: '' });
  return true;
}

/** A group of fields: values changed in place, a new field written after the one the form puts before it, a removed one taken out. */
function groupSplices(node: MapNode, record: Record<string, unknown>, out: Splice[], file: FileText): boolean {
  const keyOf = (pair: Pair<unknown, unknown>) => String(isScalar(pair.key) ? pair.key.value : pair.key);
  const isEmpty = (v: unknown) => (isMap(v) || isSeq(v)) && v.items.length === 0;
  const pairs = new Map(node.items.map((pair) => [keyOf(pair), pair]));
  const added = Object.keys(record).some((key) => !pairs.has(key));
  const removed = [...pairs].filter(([key, pair]) => !(key in record) && !isEmpty(pair.value));
  if ((added || removed.length > 0) && (node.flow || node.items.length === 0)) return false;
  const first = node.items[0] ? rangeOf(node.items[0].key)[0] : 0;
  const indent = ' '.repeat(first - lineStart(file.source, first));
  let at = lineStart(file.source, first);
  for (const [key, item] of Object.entries(record)) {
    const pair = pairs.get(key);
    if (pair) {
      if (!splicesOf(pair.value, item, out, file)) return false;
      at = lineEnd(file.source, rangeOf(pair.value ?? pair.key)[1]);
    } else out.push({ from: at, to: at, text: written({ [key]: item }, indent, file.source, at) });
  }
  for (const [, pair] of removed) {
    const to = lineEnd(file.source, rangeOf(pair.value ?? pair.key)[1]);
    out.push({ from: lineStart(file.source, rangeOf(pair.key)[0]), to, text: '' });
  }
  return true;
}

function rangeOf(node: unknown): [number, number] {
  const range = (node as { range?: [number, number, number] | null }).range;
  if (!range) throw new Error('a node of the parsed file has no place in it');
  return [range[0], range[1]];
}

/** Where the line holding `offset` starts. */
function lineStart(source: string, offset: number): number {
  return source.lastIndexOf('\n', offset - 1) + 1;
}

/** Where the line after a node ending at `end` starts (the end of the text when it is the last line). */
function lineEnd(source: string, end: number): number {
  if (end > 0 && source[end - 1] === '\n') return end;
  const newline = source.indexOf('\n', end);
  return newline === -1 ? source.length : newline + 1;
}

/** The spaces before the "- " of a list's first row, or undefined when the row is not written "- value" on its line. */
function dashIndent(item: unknown, source: string): string | undefined {
  const start = rangeOf(item)[0];
  const before = /^( *)- +$/.exec(source.slice(lineStart(source, start), start));
  return before?.[1];
}

/** New YAML lines for `value` at `indent`, to go in at `at` (after a line break added when the text ends without one). */
function written(value: unknown, indent: string, source: string, at: number): string {
  const text = new Document(value).toString({ lineWidth: 0, flowCollectionPadding: false });
  const lines = text.replace(/\n$/, '').split('\n').map((line) => (line ? indent + line : line));
  return `${at > 0 && source[at - 1] !== '\n' ? '\n' : ''}${lines.join('\n')}\n`;
}

/** A scalar's new text in the style of the old one, or undefined when only a rewrite can say it. */
function scalarText(node: { type?: string | undefined; range?: [number, number, number] | null }, value: unknown, file: FileText) {
  if (typeof value !== 'string') return value === null || typeof value === 'object' ? undefined : String(value);
  if (node.type === 'QUOTE_DOUBLE') return JSON.stringify(value);
  if (node.type === 'QUOTE_SINGLE') return `'${value.replace(/'/g, "''")}'`;
  if (node.type === 'BLOCK_FOLDED' || node.type === 'BLOCK_LITERAL') {
    return blockText(file.source.slice(node.range![0], node.range![1]), value, file.width);
  }
  if (node.type !== 'PLAIN') return undefined;
  // Plain only when it reads back as the same text; else double quotes, as a careful author would write it.
  const plain = !/^[\s\-?:,[\]{}#&*!|>'"%@`]|: | #|\s$|\n/.test(value) && parseDocument(value).toJS() === value;
  return plain ? value : JSON.stringify(value);
}

/**
 * A block of text (`>-` folded, `|` literal) written again with the new value: the same header (its end-of-text mark
 * following the value), the same indentation, and a folded paragraph's lines kept as the author broke them up to
 * the first changed line and again from where they agree, the lines between filled up to the width the author used.
 */
function blockText(old: string, value: string, fileWidth: number): string | undefined {
  const header = /^([|>])([+-]?)([^\n]*)\n/.exec(old);
  if (!header || /^\s*\d/.test(header[3]!) || header[2] === '+' || /\n\n$/.test(value)) return undefined;
  const body = value.replace(/\n$/, '');
  if (body === '' || (header[1] === '>' && /(^|\n)[ \t]/.test(body))) return undefined;
  const lines = old.slice(header[0].length).replace(/\n$/, '').split('\n');
  const indent = /^ */.exec(lines.find((line) => line.trim() !== '') ?? '')![0];
  if (indent === '') return undefined;
  const content = lines.map((line) => line.slice(indent.length));
  const written = header[1] === '|' ? body.split('\n') : folded(content, body, fileWidth);
  const end = old.endsWith('\n') ? '\n' : '';
  const chomp = value.endsWith('\n') ? '' : '-';
  return `${header[1]}${chomp}${header[3]}\n${written.map((line) => (line ? indent + line : line)).join('\n')}${end}`;
}

/** The lines of a folded block holding `body`, its paragraphs broken up as the old ones (`oldLines`) were where they agree. */
function folded(oldLines: string[], body: string, fileWidth: number): string[] {
  const paragraphs: string[][] = [[]];
  for (const line of oldLines) {
    if (line.trim() === '') paragraphs.push([]);
    else paragraphs[paragraphs.length - 1]!.push(line);
  }
  const width = Math.max(fileWidth, oldLines.length > 1 ? 0 : 80);
  // In a folded block, a line break of the text is a blank line, and each further one another blank line.
  const old = paragraphs.filter((p) => p.length > 0);
  const out: string[] = [];
  let n = 0;
  body.split('\n').forEach((segment, i) => {
    if (i > 0) out.push('');
    if (segment !== '') out.push(...refilled(old[n++] ?? [], segment, width));
  });
  return out;
}

/** One paragraph's lines: the old ones kept up to the first that changed and from where the rest agrees, the others filled to `width`. */
function refilled(old: string[], text: string, width: number): string[] {
  const out: string[] = [];
  let rest = text;
  for (const line of old) {
    if (!(rest === line || rest.startsWith(`${line} `))) break;
    out.push(line);
    rest = rest.slice(line.length + 1);
  }
  const tails = new Map(old.map((_, i) => [old.slice(i).join(' '), i]));
  const words = rest === '' ? [] : rest.split(' ');
  let line = '';
  for (let k = 0; k < words.length; k++) {
    const tail = line === '' ? tails.get(words.slice(k).join(' ')) : undefined;
    if (tail !== undefined) return [...out, ...old.slice(tail)];
    if (line !== '' && line.length + 1 + words[k]!.length > width) {
      out.push(line);
      line = '';
      k--;
    } else line = line === '' ? words[k]! : `${line} ${words[k]!}`;
  }
  if (line !== '') out.push(line);
  return out;
}
