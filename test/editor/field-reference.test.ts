/** The field reference of docs/content.md: every field has a meaning (one .describe() in its schema), and the icon names are listed once. */
import { describe, expect, it } from 'vitest';
import { fieldReference } from '../../src/authoring/editor-schemas.ts';
import { iconNames } from '../../src/schemas/common.ts';

describe('field reference', () => {
  const reference = fieldReference();
  const rows = reference.split('\n').filter((line) => line.startsWith('| `'));

  it('should give every field a meaning', () => {
    expect(rows.length).toBeGreaterThan(400);
    expect(rows.filter((row) => row.trimEnd().endsWith('|  |'))).toEqual([]);
  });

  it('should list the icon names once, not in every row that takes an icon', () => {
    const icons = rows.filter((row) => row.includes('| icon name |'));
    expect(icons.length).toBeGreaterThan(10);
    expect(reference.split('`sparkles`').length - 1).toBe(1);
    expect(reference).toContain(`### Icons\n\nEvery field of the kind *icon name* takes one of: ${iconNames.map((n) => `\`${n}\``).join(', ')}.`);
  });
});
