/**
 * Issue 37 item 14, the checks across files: placeholders written wrongly or where none is filled in, a treatment listed
 * twice, a default author naming no provider, translations that record a field their English file lacks, a review date
 * without a reviewer, or no text at all; and (the route stage) a metadata entry for a page that does not exist.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteError } from '../../src/errors.ts';
import { loadContent } from '../../src/load/content.ts';
import { buildRoutes } from '../../src/route/table.ts';
import { editFile, removeProject, siteErrorsOf, tempProject } from '../helpers.ts';

/** The errors about `file`, as "LINE:COL message (hint)". */
function about(errors: readonly SiteError[], file: string): string[] {
  return errors.filter((e) => e.loc?.file === file).map((e) => `${e.loc!.line}:${e.loc!.column} ${e.message}${e.hint ? ` (${e.hint})` : ''}`);
}

/** The 1-based line and column where `written` first is in `file` of the project in `dir`. */
async function placeOf(dir: string, file: string, written: string): Promise<string> {
  const before = (await readFile(join(dir, file), 'utf8')).split(written)[0]!.split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe('content the checks across files let through', () => {
  let dir: string;
  let errors: SiteError[];

  beforeAll(async () => {
    dir = await tempProject();
    await editFile(dir, 'content/language-assistance.yaml', 'call us at {phone} or', 'call us at { phone } or');
    await editFile(dir, 'content/language-assistance.yaml', 'Appelez le {phone}', 'Appelez le {phone');
    await editFile(dir, 'content/language-assistance.yaml', 'Rufnummer: {phone}', 'Rufnummer: {{phone}}');
    await editFile(dir, 'content/site.yaml', 'tagline: Wellness starts when you are heard.', 'tagline: Wellness starts at {phone}.');
    await editFile(dir, 'content/site.yaml', 'defaultAuthor: jane-example', 'defaultAuthor: jane-exampel');
    await editFile(dir, 'content/home.yaml', 'treatments: [ssri, low-dose-naltrexone, nad]', 'treatments: [ssri, low-dose-naltrexone, nad, ssri]');
    await editFile(dir, 'content/services/mood.yaml', '    - treatment: nad\n', '    - treatment: nad\n      icon: sparkles\n    - treatment: nad\n');
    await editFile(dir, 'content/process.es.yaml', 'translation:\n  from:\n', 'translation:\n  from:\n    headng: "b4gQ7TV7"\n');
    await editFile(dir, 'content/lab-sales.es.yaml', 'translation:\n', 'translation:\n  reviewedOn: 2026-01-01\n');
    const article = await readFile(join(dir, 'content/blog/why-we-started.es.md'), 'utf8');
    const end = article.indexOf('\n---\n', 4) + '\n---\n'.length;
    await writeFile(join(dir, 'content/blog/why-we-started.es.md'), `${article.slice(0, end)}\n`);
    errors = await siteErrorsOf(loadContent(dir));
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should refuse { phone }, {phone and {{phone}}, which were published as written or half filled, each at its place', async () => {
    const file = 'content/language-assistance.yaml';
    expect(about(errors, file)).toEqual([
      `${await placeOf(dir, file, '{ phone }')} "{ phone }" would be published as written: a fact is its name in single braces, with no ` +
        'spaces (write {phone})',
      `${await placeOf(dir, file, '{phone.')} "{phone" would be published as written: a fact is its name in single braces, with no ` +
        'spaces (write {phone})',
      `${await placeOf(dir, file, '{{phone}}')} "{{phone}}" would be published as written: a fact is its name in single braces, with no ` +
        'spaces (write {phone})',
    ]);
  });

  it('should refuse {phone} in site.yaml, which holds the facts and is published as written', async () => {
    expect(about(errors, 'content/site.yaml')).toContain(
      `${await placeOf(dir, 'content/site.yaml', '{phone}')} "{phone}" would be published as written: content/site.yaml holds the ` +
        'facts, and nothing in it is filled in (write the fact itself here, such as the phone number, or remove the braces)',
    );
  });

  it('should refuse a defaultAuthor that names no provider, suggesting the one meant', () => {
    expect(about(errors, 'content/site.yaml')).toContain(
      '26:16 there is no provider (content/providers/) with the id "jane-exampel" (did you mean "jane-example"?)',
    );
  });

  it('should refuse a treatment listed twice in a pillar, and twice on a service page', async () => {
    expect(about(errors, 'content/home.yaml')).toEqual([
      `${await placeOf(dir, 'content/home.yaml', 'ssri]')} the treatment "ssri" is listed twice in this pillar "brain" (also in category ` +
        '"Anxiety & Mood") (remove one of the two: visitors would see the same treatment twice)',
    ]);
    expect(about(errors, 'content/services/mood.yaml')).toEqual([
      '28:18 the treatment "nad" is listed twice in this service page (also in card #2) (remove one of the two: visitors would see the ' +
        'same treatment twice)',
    ]);
  });

  it('should refuse a key under translation: from: that names no field of the English file', () => {
    expect(about(errors, 'content/process.es.yaml')).toEqual([
      expect.stringMatching(/^36:5 "headng" under translation: from: is not a field of content\/process\.yaml: nothing is compared with it \(did you mean "heading"\?/),
    ]);
  });

  it('should refuse a translation reviewedOn without reviewedBy', () => {
    expect(about(errors, 'content/lab-sales.es.yaml')).toEqual([
      expect.stringMatching(/^81:15 "translation reviewedOn" gives a review date but no reviewer: add "reviewedBy:"/),
    ]);
  });

  it('should refuse a Spanish article with no text below its front matter', () => {
    expect(about(errors, 'content/blog/why-we-started.es.md')).toEqual([
      '15:1 this translation has no text below its front matter, where content/blog/why-we-started.md has its article (write the ' +
        'translated article below the closing ---, or delete this file until it is translated)',
    ]);
  });

  it('should report nothing else', () => {
    expect(errors.map((e) => e.loc?.file).sort()).toEqual([
      'content/blog/why-we-started.es.md', 'content/home.yaml', 'content/lab-sales.es.yaml', 'content/language-assistance.yaml',
      'content/language-assistance.yaml', 'content/language-assistance.yaml', 'content/process.es.yaml', 'content/services/mood.yaml',
      'content/site.yaml', 'content/site.yaml',
    ]);
  });
});

describe('a metadata entry for a page that does not exist', () => {
  let dir: string;
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should be refused at its line, where it was never used', async () => {
    dir = await tempProject();
    const text = await readFile(join(dir, 'content/metadata.yaml'), 'utf8');
    await writeFile(join(dir, 'content/metadata.yaml'), `${text}/old-page:\n  title: Old\n  description: Old.\n  keywords: [old]\n`);
    const content = await loadContent(dir);
    const options = { drafts: false, future: false, today: '2026-01-01', baseUrl: content.site.baseUrl };
    const errors = await siteErrorsOf(Promise.resolve().then(() => buildRoutes(content, options)));
    expect(errors.map((e) => `${e.loc?.file}:${e.loc?.line}:${e.loc?.column} ${e.message}`)).toEqual([
      `content/metadata.yaml:${text.split('\n').length}:1 there is no page /old-page, so this metadata entry is never used`,
    ]);
  });
});
