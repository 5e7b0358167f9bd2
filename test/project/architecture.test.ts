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
      'build.ts', 'cli.ts', 'entries.ts', 'errors.ts', 'hash.ts', 'open-files.ts', 'pipeline.ts', 'report.ts', 'suggest.ts',
    ]);
  });

  it('should let no stage import the incremental core', () => {
    const stages = files.filter((f) => /^(load|validate|route|render|bundle|verify|write)\//.test(f));
    const offenders = stages.filter((f) => importsOf(f).some((i) => i.startsWith('incremental/'))).sort();
    expect(offenders).toEqual([]);
  });
});
