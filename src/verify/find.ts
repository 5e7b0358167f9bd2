/** Finding where in content/ a piece of text was written: for problems found in the rendered pages (a broken link). */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import type { SourceLocation } from '../errors.ts';

/**
 * Where `href` is written in a content file, as a whole link (not as the start of a longer one),
 * looking first in the files named after the pages that carry it; undefined when only a template
 * makes it. Reads content/ from disk: it runs only when a build has already failed.
 */
export function findHref(root: string, href: string, pages: readonly string[]): SourceLocation | undefined {
  const dir = join(root, 'content');
  let files: string[];
  try {
    files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => ['.md', '.yaml', '.yml'].includes(extname(f))).sort();
  } catch {
    return undefined;
  }
  const owners = new Set(pages.map((p) => p.replace(/\/+$/, '').split('/').pop() ?? ''));
  const ordered = [...files.filter((f) => owners.has(basename(f, extname(f)))), ...files.filter((f) => !owners.has(basename(f, extname(f))))];
  // A relative href ("process") is also a word of the text: look for it only where a link is written.
  const before = href.startsWith('/') || href.startsWith('#') ? '(?<![\\w/.#-])' : '(?<=\\]\\(<?|\\]:[ \\t]+<?|href=["\']?|:[ \\t]+["\']?|^[ \\t]*-[ \\t]+["\']?)';
  const pattern = new RegExp(`${before}${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/#?.-])`, 'm');
  for (const file of ordered) {
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      continue;
    }
    const match = pattern.exec(text);
    if (!match) continue;
    const preceding = text.slice(0, match.index);
    const line = preceding.split('\n').length;
    return { file: relative(root, join(dir, file)).split(sep).join('/'), line, column: match.index - preceding.lastIndexOf('\n') };
  }
  return undefined;
}
