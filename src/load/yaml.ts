/**
 * YAML parsing: one parser (the `yaml` package, YAML 1.2 core schema) for every file and all front
 * matter, so what is accepted, what a value means and where an error is are always the same.
 */
import {
  Composer,
  CST,
  isAlias,
  isCollection,
  isMap,
  isPair,
  isScalar,
  LineCounter,
  Parser,
  visit,
  YAMLParseError,
  type Document,
  type Node,
  type YAMLError,
} from 'yaml';
import { problems, SiteError, type SourceLocation } from '../errors.ts';
import type { YamlSource } from '../schemas/content.ts';

/** Lists and groups nested deeper than this are refused: content needs a handful of levels, and deeper ones exhaust the stack. */
export const maxDepth = 64;
/** Alias expansions allowed (as the `yaml` package counts them): more is a "billion laughs" attack. */
export const maxAliasCount = 100;

/** The same options for every parse: YAML 1.2, its core schema (no dates, no 10:00 as 600), repeated keys refused. */
const composeOptions = { version: '1.2', schema: 'core', uniqueKeys: true, merge: false } as const;

/** A strict parse: the document (with positions), its data and every problem, each located. */
interface Parsed {
  doc: Document | undefined;
  data: unknown;
  errors: SiteError[];
  at: (offset: number) => SourceLocation;
}

function parseStrictly(file: string, text: string, lineOffset: number): Parsed {
  const counter = new LineCounter();
  const at = (offset: number): SourceLocation => {
    const pos = counter.linePos(Math.max(0, Math.min(offset, text.length)));
    return { file, line: pos.line + lineOffset, column: pos.col };
  };
  let tokens: CST.Token[];
  try {
    tokens = [...new Parser(counter.addNewLine).parse(text)];
  } catch (error) {
    // The parser recurses on nested "- - -" items and can run out of stack before any check of ours runs.
    if (!(error instanceof RangeError)) throw error;
    const lines = new LineCounter();
    lines.addNewLine(0);
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines.addNewLine(i + 1);
    const pos = lines.linePos(guessTooDeep(text));
    return {
      doc: undefined,
      data: undefined,
      errors: [problems.yamlTooDeep({ file, line: pos.line + lineOffset, column: pos.col }, maxDepth)],
      at,
    };
  }
  const control = text.search(controlCharacter);
  if (control !== -1) {
    return { doc: undefined, data: undefined, errors: [problems.controlCharacter(at(control), text.charCodeAt(control))], at };
  }
  // Checked on the syntax tree (walked without recursion) before anything recursive runs on it.
  const tooDeep = firstTooDeep(tokens);
  if (tooDeep !== undefined) return { doc: undefined, data: undefined, errors: [problems.yamlTooDeep(at(tooDeep), maxDepth)], at };
  const version = tokens.find(
    (t): t is CST.Directive => t.type === 'directive' && /^%YAML\s/.test(t.source) && !/^%YAML\s+1\.2\s*(#.*)?$/.test(t.source),
  );
  if (version) return { doc: undefined, data: undefined, errors: [problems.yamlVersion(at(version.offset), version.source.trim())], at };
  const composer = new Composer(composeOptions);
  const docs = [...composer.compose(tokens, true, text.length)];
  const doc = docs[0]!;
  if (docs.length > 1)
    doc.errors.push(
      new YAMLParseError([docs[1]!.range[0], docs[1]!.range[1]], 'MULTIPLE_DOCS', 'a "---" line starts a second document in this file'),
    );
  // A tag's problems are worded by refusedTags, which names the tag (a value can only be tagged with a "!").
  const tagged = text.includes('!');
  const errors = reported(tagged ? doc.errors.filter((e) => !tagCodes.has(e.code)) : doc.errors).map((e) =>
    e.code === 'RESOURCE_EXHAUSTION' ? problems.yamlTooDeep(at(e.pos[0]), maxDepth) : syntaxError(text, tokens, e, at),
  );
  // After a syntax error, the tags around it may be its echoes (two tags on one value): they are checked once it is fixed.
  if (tagged && errors.length === 0) errors.push(...refusedTags(doc, tokens, at));
  if (errors.length > 0) return { doc, data: undefined, errors, at };
  try {
    const data = doc.toJS({ maxAliasCount }) ?? null;
    // Only an escape in double quotes ("\0", "\x07") can put a control character in a value of text that holds none.
    const escaped = text.includes('\\') ? controlIn(data) : undefined;
    if (escaped) return { doc, data: undefined, errors: [problems.controlCharacter(at(offsetOf(doc, escaped.path)), escaped.code)], at };
    // zod drops a "__proto__" key without a word (where it does not lose the whole group), so it is refused here, in every file.
    const reserved = text.includes('__proto__') ? reservedKeyIn(data) : undefined;
    if (reserved) return { doc, data: undefined, errors: [problems.reservedField(at(offsetOf(doc, reserved, true)), '__proto__')], at };
    return { doc, data, errors: [], at };
  } catch (error) {
    // The `yaml` package refuses excessive alias expansion; anything else thrown here is a bug of ours.
    if (!(error instanceof ReferenceError) || !/alias/i.test(error.message)) throw error;
    if (/unresolved alias/i.test(error.message))
      return { doc, data: undefined, errors: [problems.yamlSyntax(at(unresolvedOffset(doc) ?? 0), error.message, 'BAD_ALIAS')], at };
    return { doc, data: undefined, errors: [problems.yamlAliasBomb(at(bombOffset(doc)), maxAliasCount)], at };
  }
}

/**
 * Parses YAML text from `file`; `lineOffset` is the number of lines before the text in the file
 * (front matter starts after its opening `---`). The data is kept, not the document: positions
 * are worked out again (by the same parser) only if something asks for one.
 */
export function parseYaml(file: string, text: string, lineOffset = 0): { source: YamlSource; errors: SiteError[] } {
  const parsed = parseStrictly(file, text, lineOffset);
  if (parsed.errors.length > 0) return { source: positionalSource(file, parsed), errors: parsed.errors };
  return { source: lazySource(file, text, parsed.data, lineOffset), errors: [] };
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
      positional ??= positionalSource(file, parseStrictly(file, typeof text === 'string' ? text : text(), lineOffset));
      return positional.locate(path, key);
    },
  };
}

function positionalSource(file: string, parsed: Parsed): YamlSource {
  const { doc, at } = parsed;
  return { file, data: parsed.data, locate: (path, key) => at(doc ? offsetOf(doc, path, key) : 0) };
}

/** Characters YAML 1.2 does not allow in a file (C0 and C1 controls but tab, line feed, carriage return and NEL; U+FFFE, U+FFFF). */
const controlCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFFFE\uFFFF]/;

/** The first string of parsed data holding a control character, by its path (walked without recursion). */
function controlIn(data: unknown): { path: PropertyKey[]; code: number } | undefined {
  const stack: [unknown, PropertyKey[]][] = [[data, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const found = value.search(controlCharacter);
      if (found !== -1) return { path, code: value.charCodeAt(found) };
    } else if (value && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], [...path, entries[i]![0]]]);
    }
  }
  return undefined;
}

/** The path of the first group holding a "__proto__" key (which the parser keeps as a key of its own), walked without recursion. */
function reservedKeyIn(data: unknown): PropertyKey[] | undefined {
  const stack: [unknown, PropertyKey[]][] = [[data, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (!value || typeof value !== 'object') continue;
    if (!Array.isArray(value) && Object.hasOwn(value, '__proto__')) return [...path, '__proto__'];
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], [...path, entries[i]![0]]]);
  }
  return undefined;
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

/** The tags of YAML 1.2's core schema (and the non-specific "!"): any other is refused, never silently dropped or turned into a value. */
const coreTags = new Set(['!', ...['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((name) => `tag:yaml.org,2002:${name}`)]);

/** The parser's complaints about a tag's value, which refusedTags words (they are at the tag, as written). */
const tagCodes = new Set(['TAG_RESOLVE_FAILED', 'BAD_COLLECTION_TYPE']);

/**
 * Every tag other than the core ones (!!js/function, !foo, and also !!binary, !!timestamp, !!set, !!omap
 * and !!pairs, which the parser would turn into values no content field takes), and every core tag its
 * value cannot be (!!float 3, !!str on a group), each at the tag as written.
 */
function refusedTags(doc: Document, tokens: readonly CST.Token[], at: (offset: number) => SourceLocation): SiteError[] {
  const written = tagTokens(tokens);
  // The resolved tag of each tag written, by its offset: a node's tag is the last one written before it.
  const resolved = new Map<number, string>();
  visit(doc, {
    Node(_key, node) {
      const tag = node.tag ? written.findLast((t) => t.offset < (node.range?.[0] ?? 0)) : undefined;
      if (tag && node.tag) resolved.set(tag.offset, node.tag);
    },
  });
  const errors: SiteError[] = [];
  for (const tag of written) {
    const name = resolved.get(tag.offset);
    if (name !== undefined && !coreTags.has(name)) errors.push(problems.yamlTag(at(tag.offset), tag.source));
  }
  const misfits = new Set([...doc.errors, ...doc.warnings].filter((e) => tagCodes.has(e.code)).map((e) => e.pos[0]));
  for (const tag of written) {
    const name = resolved.get(tag.offset);
    const core = name === undefined || coreTags.has(name);
    if (misfits.has(tag.offset) && core) errors.push(problems.yamlTagMisfit(at(tag.offset), tag.source));
  }
  return errors;
}

/** Every tag written in the syntax tree, in file order (walked without recursion: the tree may be deep). */
function tagTokens(tokens: readonly CST.Token[]): CST.SourceToken[] {
  const found: CST.SourceToken[] = [];
  const stack: unknown[] = [...tokens];
  while (stack.length > 0) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      if ((item as CST.SourceToken).type === 'tag') found.push(item as CST.SourceToken);
      else for (const value of Object.values(item)) if (value && typeof value === 'object') stack.push(value);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/** Where the first alias without an anchor before it is (the parser says only that there is one). */
function unresolvedOffset(doc: Document): number | undefined {
  const anchors = new Set<string>();
  let found: number | undefined;
  visit(doc, (_key, node) => {
    if (found !== undefined) return visit.BREAK;
    if (isAlias(node)) {
      if (!anchors.has(node.source)) found = node.range?.[0];
    } else if (node && typeof node === 'object' && 'anchor' in node && typeof node.anchor === 'string') anchors.add(node.anchor);
    return undefined;
  });
  return found;
}

/**
 * A syntax error in the catalogue's words, at the place to fix. Where the catalogue's wording is an
 * example (a phone number, a double quote), the author's own field and quote mark are put in.
 */
function syntaxError(text: string, tokens: readonly CST.Token[], e: YAMLError, at: (offset: number) => SourceLocation): SiteError {
  const detail = firstLine(e.message);
  const opening = e.code === 'MISSING_CHAR' && /quote/i.test(detail) ? unclosedQuote(tokens) : undefined;
  const error = problems.yamlSyntax(at(opening?.offset ?? e.pos[0]), detail, e.code);
  if (opening?.quote === "'") return problems.unclosedSingleQuote(error.loc!, error.message);
  const deeper = e.code === 'BLOCK_AS_IMPLICIT_KEY' && !/sequence/i.test(detail) ? fieldBelow(text, e.pos[0]) : undefined;
  if (deeper) return problems.overIndented(at(deeper.offset), deeper.key, fieldOnLine(text, e.pos[0])?.key ?? 'the field');
  const field = e.code === 'BLOCK_AS_IMPLICIT_KEY' && !/sequence/i.test(detail) ? fieldOnLine(text, e.pos[0]) : undefined;
  if (field) {
    const quoted = field.value.includes('"') ? `'${field.value.replaceAll("'", "''")}'` : `"${field.value}"`;
    return problems.secondColon(error.loc!, field.key, quoted);
  }
  return error;
}

/** The first quoted value that is never closed (the parser reports it at the end of the text): its opening quote. */
function unclosedQuote(tokens: readonly CST.Token[]): { offset: number; quote: string } | undefined {
  let found: { offset: number; quote: string } | undefined;
  for (const token of tokens) {
    if (found || token.type !== 'document') continue;
    CST.visit(token, (item) => {
      for (const part of [item.key, item.value]) {
        if (!found && part && (part.type === 'single-quoted-scalar' || part.type === 'double-quoted-scalar') && !closed(part.source))
          found = { offset: part.offset, quote: part.source[0]! };
      }
      return found ? CST.visit.BREAK : undefined;
    });
  }
  return found;
}

/** Whether quoted text ends with its closing quote ('' inside '…' and \" inside "…" are quote marks, not the end). */
function closed(source: string): boolean {
  const quote = source[0];
  const rest = source.slice(1).trimEnd();
  if (quote === "'") return rest.replaceAll("''", '').endsWith("'");
  return /(^|[^\\])(\\\\)*"$/.test(rest);
}

/**
 * The field of a line indented too far, which YAML took into the value starting at `offset` (on a line
 * above): the "name:" that ends that value when it is on a later line than the value's start.
 */
function fieldBelow(text: string, offset: number): { key: string; offset: number } | undefined {
  const colon = /:(?=[ \t\r\n]|$)/g;
  colon.lastIndex = offset;
  const end = colon.exec(text)?.index;
  if (end === undefined || !text.slice(offset, end).includes('\n')) return undefined;
  const lineStart = text.lastIndexOf('\n', end) + 1;
  const key = text.slice(lineStart, end).trim();
  return { key, offset: lineStart + text.slice(lineStart, end).indexOf(key) };
}

/** The field ("name: value") written on the line holding `offset`, when the line is one. */
function fieldOnLine(text: string, offset: number): { key: string; value: string } | undefined {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  const end = text.indexOf('\n', offset);
  const line = text.slice(start, end === -1 ? undefined : end);
  const match = /^\s*(?:-\s+)*([\w.-]+):\s+(.*?)\s*$/.exec(line);
  return match ? { key: match[1]!, value: match[2]! } : undefined;
}

/** Where the first list or group deeper than `maxDepth` starts, walking the syntax tree in file order with a stack of our own. */
function firstTooDeep(tokens: readonly CST.Token[]): number | undefined {
  const stack: [CST.Token, number][] = tokens.map((t) => [t, 0] as [CST.Token, number]).reverse();
  while (stack.length > 0) {
    const [token, depth] = stack.pop()!;
    if (token.type === 'document') {
      if (token.value) stack.push([token.value, depth]);
      continue;
    }
    if (token.type !== 'block-map' && token.type !== 'block-seq' && token.type !== 'flow-collection') continue;
    if (depth + 1 > maxDepth) return token.offset;
    const children: CST.Token[] = [];
    for (const item of token.items as { key?: CST.Token | null; value?: CST.Token | null }[]) {
      if (item.key) children.push(item.key);
      if (item.value) children.push(item.value);
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, depth + 1]);
  }
  return undefined;
}

/**
 * Where text too deep for the parser first nests past the limit, guessed from what opens a level:
 * two spaces of indentation, a "- " item marker, an open bracket or brace.
 */
function guessTooDeep(text: string): number {
  let flow = 0;
  let indent = 0;
  let items = 0;
  let mode: 'indent' | 'item' | 'text' = 'indent';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') {
      [mode, indent, items] = ['indent', 0, 0];
      continue;
    }
    if (mode === 'indent' && c === ' ') indent++;
    else if (mode !== 'text' && c === '-' && (text[i + 1] === ' ' || text[i + 1] === '\n')) [mode, items] = ['item', items + 1];
    else if (mode === 'item' && c === ' ') continue;
    else {
      mode = 'text';
      if (c === '[' || c === '{') flow++;
      else if ((c === ']' || c === '}') && flow > 0) flow--;
    }
    if (Math.floor(indent / 2) + items + flow > maxDepth) return i;
  }
  return 0;
}

/** Where an alias bomb starts: the first alias to an anchored value that itself holds aliases, else the first alias. */
function bombOffset(doc: Document): number {
  const anchors = new Map<string, Node>();
  let first: number | undefined;
  let nested: number | undefined;
  visit(doc, {
    Node(_key, node) {
      if (node.anchor) anchors.set(node.anchor, node);
      if (!isAlias(node) || nested !== undefined) return;
      first ??= node.range?.[0];
      const target = anchors.get(node.source);
      let holdsAlias = false;
      if (target && isCollection(target)) visit(target, { Alias: () => ((holdsAlias = true), visit.BREAK) });
      if (holdsAlias) nested = node.range?.[0];
    },
  });
  return nested ?? first ?? 0;
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
