/** YAML parsing that keeps positions, so every problem can name its real line and column. */
import jsYaml from 'js-yaml';
import { isMap, isPair, isScalar, LineCounter, parseDocument, type Document, type Node, type YAMLError } from 'yaml';
import { problems, type SiteError, type SourceLocation } from '../errors.ts';

/** A parsed YAML text that can say where any value in it came from. */
export interface YamlSource {
  file: string;
  data: unknown;
  /** Location of the value at a path (or its nearest existing parent), or of a map key with `key`. */
  locate(path: readonly PropertyKey[], key?: boolean): SourceLocation;
}

/**
 * Parses YAML text from `file`; `lineOffset` is the number of lines before the text in the file
 * (front matter starts after its opening `---`).
 */
export function parseYaml(file: string, text: string, lineOffset = 0): { source: YamlSource; errors: SiteError[] } {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): SourceLocation => {
    const pos = counter.linePos(Math.min(offset, Math.max(0, text.length)));
    return { file, line: pos.line + lineOffset, column: pos.col };
  };
  const errors = reported(doc.errors).map((e) => problems.yamlSyntax(at(errorOffset(text, e.code, e.message, e.pos[0])), firstLine(e.message), e.code));
  const data = errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 100 });
  return { source: { file, data, locate: (path, key) => at(offsetOf(doc, path, key)) }, errors };
}

/**
 * The syntax errors worth showing: the first one that breaks the structure (those after it are
 * mostly its echoes, such as eight errors for one tab), and every repeated key before it.
 */
function reported(errors: readonly YAMLError[]): YAMLError[] {
  const first = errors.find((e) => e.code !== 'DUPLICATE_KEY');
  if (!first) return [...errors];
  return [...errors.filter((e) => e.code === 'DUPLICATE_KEY' && e.pos[0] < first.pos[0]), first];
}

/** An unclosed quote is found at the end of the text; point at the quote that opened it instead. */
function errorOffset(text: string, code: string, message: string, offset: number): number {
  if (code !== 'MISSING_CHAR' || !/quote/i.test(message)) return offset;
  const quote = /single/i.test(message) ? "'" : '"';
  const opening = text.lastIndexOf(`: ${quote}`, offset);
  return opening >= 0 ? opening + 2 : offset;
}

/**
 * Parses YAML quickly (js-yaml's core schema) and only works out positions if something asks for
 * one; text js-yaml rejects goes through the positional parser, which reports the error's line.
 */
export function parseYamlLazily(file: string, text: string, lineOffset = 0): { source: YamlSource; errors: SiteError[] } {
  let data: unknown;
  try {
    data = jsYaml.load(text, { schema: jsYaml.CORE_SCHEMA }) ?? null;
  } catch {
    return parseYaml(file, text, lineOffset);
  }
  return { source: lazySource(file, text, data, lineOffset), errors: [] };
}

/**
 * A source for already-parsed data whose positions are only worked out if something asks for one;
 * `text` may be a function that fetches the text then.
 */
export function lazySource(file: string, text: string | (() => string), data: unknown, lineOffset = 0): YamlSource {
  let positional: YamlSource | undefined;
  return {
    file,
    data,
    locate(path, key) {
      positional ??= parseYaml(file, typeof text === 'string' ? text : text(), lineOffset).source;
      return positional.locate(path, key);
    },
  };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
}

function offsetOf(doc: Document, path: readonly PropertyKey[], key = false): number {
  let node: unknown = doc.contents;
  let offset = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) return offset;
      if (last && key) return (pair.key as Node).range?.[0] ?? offset;
      node = pair.value;
      const range = (pair.value as Node | null)?.range ?? (pair.key as Node).range;
      if (range) offset = range[0];
    } else if (node && typeof node === 'object' && 'items' in node && Array.isArray((node as { items: unknown[] }).items)) {
      const item = (node as { items: unknown[] }).items[Number(segment)] as Node | undefined;
      if (!item) return offset;
      node = item;
      if (item.range) offset = item.range[0];
    } else {
      return offset;
    }
  }
  return offset;
}
