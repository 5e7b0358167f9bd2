/** Example providers and illustrated portraits: the founder the project invented, and drawings standing in for photographs. */
import type { Content } from '../schemas/content.ts';
import type { LaunchItem } from './items.ts';

/** Each provider that is an example (its id or name says "example") and each portrait still an illustration, at its line. */
export function providerItems(content: Content): LaunchItem[] {
  const items: LaunchItem[] = [];
  for (const [id, provider] of [...content.providers].sort(([a], [b]) => a.localeCompare(b))) {
    const file = [`content/providers/${id}.yaml`, `content/providers/${id}.yml`].find((f) => content.sources.has(f));
    const source = file === undefined ? undefined : content.sources.get(file);
    if (!file || !source) continue;
    if (/example/i.test(id) || /\bExample\b/.test(provider.name)) {
      items.push({
        kind: 'providers',
        file,
        line: source.locate(['name']).line,
        what: `${provider.name} is an example provider`,
        todo: 'write the real name, credentials, role and bio; to rename the file, check lists every place its id is used',
      });
    }
    // Marked `illustration: true` (the page labels the drawing), or described as one: either way not yet a photograph.
    const raw = source.data as { illustration?: unknown } | undefined;
    if (raw?.illustration === true || /illustrat|placeholder/i.test(provider.photo.alt)) {
      const marked = raw?.illustration === true;
      items.push({
        kind: 'providers',
        file,
        line: source.locate(marked ? ['illustration'] : ['photo', 'alt']).line,
        what: `the portrait of ${provider.name} is an illustration, not a photograph`,
        todo:
          'put a photograph (at least 800 pixels wide) under public/images/providers/, point photo.src at it, describe it in photo.alt' +
          `${marked ? ' and remove "illustration: true"' : ''}`,
      });
    }
  }
  return items;
}
