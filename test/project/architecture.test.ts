/** The shape of src/: stages in folders, no import cycles, no function too long to read at once. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = resolve(import.meta.dirname, '..', '..', 'src');
const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => f.split('\\').join('/'))
  .sort();

/** Every import and re-export of a module of src/ by another, type-only ones included. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const found: string[] = [];
  const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  for (const node of parsed.statements) {
    const specifier = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : undefined;
    if (specifier?.startsWith('.')) found.push(relative(src, resolve(dirname(join(src, file)), specifier)).split('\\').join('/'));
  }
  // import('./x.ts') types and lazy imports count too.
  for (const match of text.matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)) found.push(relative(src, resolve(dirname(join(src, file)), match[1]!)).split('\\').join('/'));
  return found.filter((f) => files.includes(f));
}

/** The cycles of the import graph (each as the list of modules around it), found by depth-first search. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

/** Functions (declarations, methods, arrows and expressions) longer than `max` lines, as `file:line name (N lines)`. */
function longFunctions(max: number): string[] {
  const long: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(src, file), 'utf8');
    const parsed = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = parsed.getLineAndCharacterOfPosition(node.getStart(parsed)).line;
        const end = parsed.getLineAndCharacterOfPosition(node.getEnd()).line;
        const name = (node as ts.FunctionDeclaration).name?.getText(parsed) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(parsed) : '(anonymous)');
        if (end - start + 1 > max) long.push(`src/${file}:${start + 1} ${name} (${end - start + 1} lines)`);
      }
      ts.forEachChild(node, visit);
    };
    visit(parsed);
  }
  return long;
}

/** The folder of a module of src/ ('.' for the top level). */
function folderOf(file: string): string {
  return file.includes('/') ? file.split('/')[0]! : '.';
}

let folders: Map<string, Map<string, string[]>> | undefined;

/** Which folders of src/ import which, each with the imports that make the arrow (`from → to`); read once. */
function folderGraph(): Map<string, Map<string, string[]>> {
  if (folders) return folders;
  const graph = (folders = new Map<string, Map<string, string[]>>());
  for (const file of files) {
    for (const target of importsOf(file)) {
      const [from, to] = [folderOf(file), folderOf(target)];
      if (from === to || from === '.' || to === '.') continue;
      const arrows = graph.get(from) ?? graph.set(from, new Map()).get(from)!;
      arrows.set(to, [...(arrows.get(to) ?? []), `${file} → ${target}`]);
    }
  }
  return graph;
}

/** Arrows between folders that must never be, and why (the pipeline's order, and the incremental core's place beside it). */
const nevers: [from: string, to: string, why: string][] = [
  ['load', 'render', 'markdown is parsed once, in its own module (markdown/)'],
  ['route', 'render', 'a route makes a view; render renders it'],
  ['bundle', 'route', 'assets are made before routes'],
  ['route', 'verify', 'verification reads routes, not back'],
  ['incremental', 'render', 'the memo decides reuse; it renders nothing'],
  ['load', 'incremental', 'a stage is handed a reader'],
  ['render', 'incremental', 'a stage is handed what to make'],
  ['route', 'incremental', 'keys come from views'],
];

describe('src/', () => {
  it('should have no import cycles, type-only imports included', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    expect(cyclesOf(graph).map((c) => c.join(' → '))).toEqual([]);
  });

  it('should keep every function under 80 lines', () => {
    expect(longFunctions(80)).toEqual([]);
  });

  it('should keep a folder per stage of the pipeline, plus the incremental core, the dev server and authoring tools', () => {
    const folders = new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]));
    for (const folder of ['load', 'validate', 'route', 'render', 'bundle', 'verify', 'write', 'incremental', 'serve', 'authoring', 'schemas']) expect(folders).toContain(folder);
    // At the top only the entry points and what every stage shares (suggest.ts: the nearest names that messages offer).
    expect(files.filter((f) => !f.includes('/')).sort()).toEqual([
      'build.ts', 'cli.ts', 'entries.ts', 'errors.ts', 'hash.ts', 'open-files.ts', 'pipeline.ts', 'read.ts', 'report.ts', 'suggest.ts',
    ]);
  });

  it('should let no two folders import each other, in either direction', () => {
    const graph = folderGraph();
    const both = [...graph].flatMap(([from, arrows]) => [...arrows.keys()].filter((to) => from < to && graph.get(to)?.has(from))
      .map((to) => `${from} ↔ ${to} (${[...arrows.get(to)!, ...graph.get(to)!.get(from)!].join(', ')})`));
    expect(both).toEqual([]);
  });

  it('should let no folders import each other in a loop of any length (load → validate → route → load was one)', () => {
    const graph = new Map([...folderGraph()].map(([from, arrows]) => [from, [...arrows.keys()]]));
    // Each folder after the first with the first import that leads into it.
    const named = (loop: string[]) => loop.map((to, i) => (i === 0 ? to : `${to} (${folderGraph().get(loop[i - 1]!)!.get(to)![0]})`));
    expect(cyclesOf(graph).map((loop) => named(loop).join(' → '))).toEqual([]);
  });

  it.each(nevers)('should never let %s/ import %s/ (%s)', (from, to) => {
    expect(folderGraph().get(from)?.get(to) ?? []).toEqual([]);
  });

  it('should let no stage import the incremental core', () => {
    const stages = files.filter((f) => /^(load|validate|route|render|bundle|verify|write)\//.test(f));
    const offenders = stages.filter((f) => importsOf(f).some((i) => i.startsWith('incremental/'))).sort();
    expect(offenders).toEqual([]);
  });
});
