/** Finding where in content/ a piece of text was written: for problems found in the rendered pages (a broken link). */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import type { SourceLocation } from '../errors.ts';
import { parseYaml } from '../load/yaml.ts';

/**
 * Where `href` is written in a content file, as a whole link (not as the start of a longer one),
 * looking first in the files named after the pages that carry it; undefined when only a template
 * makes it. Reads content/ from disk: it runs only when a build has already failed.
 */
export function findHref(root: string, href: string, pages: readonly string[]): SourceLocation | undefined {
  const dir = join(root, 'content');
  let files: string[];
  try {
    files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => ['.md', '.yaml', '.yml'].includes(extname(f)))
      .sort();
  } catch {
    return undefined;
  }
  const owners = new Set(pages.map((p) => p.replace(/\/+$/, '').split('/').pop() ?? ''));
  const ordered = [
    ...files.filter((f) => owners.has(basename(f, extname(f)))),
    ...files.filter((f) => !owners.has(basename(f, extname(f)))),
  ];
  // A relative href ("process") is also a word of the text: look for it only where a link is written.
  const before =
    href.startsWith('/') || href.startsWith('#')
      ? '(?<![\\w/.#-])'
      : '(?<=\\]\\(<?|\\]:[ \\t]+<?|href=["\']?|:[ \\t]+["\']?|^[ \\t]*-[ \\t]+["\']?)';
  const pattern = new RegExp(`${before}${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/#?.-])`, 'm');
  for (const file of ordered) {
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      continue;
    }
    const shown = relative(root, join(dir, file)).split(sep).join('/');
    // A YAML href field holds a path of the site: its value is looked for, so a quoted or escaped spelling is found too.
    const inYaml = extname(file) !== '.md' && href.startsWith('/') ? yamlValueAt(shown, text, href) : undefined;
    if (inYaml) return inYaml;
    const match = pattern.exec(text);
    if (!match) continue;
    const preceding = text.slice(0, match.index);
    const line = preceding.split('\n').length;
    return { file: shown, line, column: match.index - preceding.lastIndexOf('\n') };
  }
  return undefined;
}

/** Where a YAML text holds `href` as a whole value (the first, in file order), by the parser's positions. */
function yamlValueAt(file: string, text: string, href: string): SourceLocation | undefined {
  const { source, errors } = parseYaml(file, text);
  if (errors.length > 0) return undefined;
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: source.data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === href) return source.locate(path);
    if (value && typeof value === 'object') {
      const entries = Object.entries(value).reverse();
      for (const [key, child] of entries) stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
    }
  }
  return undefined;
}
