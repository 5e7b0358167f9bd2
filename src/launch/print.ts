/** The launch checklist as the terminal shows it: grouped by kind, one line per item, then how many are left. */
import { palette } from '../report.ts';
import { launchKinds, type LaunchItem, type LaunchKind } from './items.ts';

/** The checklist's text, and whether anything left holds up launch (the optional items do not). */
export function formatChecklist(items: readonly LaunchItem[], color: boolean): { text: string; ready: boolean } {
  const c = palette(color);
  const lines: string[] = [];
  for (const kind of Object.keys(launchKinds) as LaunchKind[]) {
    const group = items.filter((item) => item.kind === kind);
    if (group.length === 0) continue;
    const where = group.map((item) => (item.line > 0 ? `${item.file}:${item.line}` : item.file));
    const width = Math.max(...where.map((w) => w.length));
    lines.push('', c.bold(`${launchKinds[kind]} (${group.length})`));
    group.forEach((item, i) => lines.push(`  ${c.cyan(where[i]!.padEnd(width))}  ${item.what}  ${c.dim(`(${item.todo})`)}`));
  }
  const left = items.filter((item) => !item.optional).length;
  const optional = items.length - left;
  const options = optional > 0 ? ` (and ${optional} optional, listed above)` : '';
  lines.push(
    '',
    left > 0
      ? `${c.red('✗')} ${left} thing${left === 1 ? '' : 's'} to replace before launch${options}`
      : `${c.green('✓')} Ready to launch${options}`,
  );
  return { text: `${lines.join('\n')}\n`, ready: left === 0 };
}
