/**
 * Issue 37 item 14, the load stage: files and fields that were read as nothing, or as something else, with no word. Each
 * is a located error now, saying what to do.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteError } from '../../src/errors.ts';
import { loadContent } from '../../src/load/content.ts';
import { editFile, removeProject, siteErrorsOf, tempProject } from '../helpers.ts';

/** Writes `text` to `file` of the project in `dir`, making its folder. */
async function put(dir: string, file: string, text: string): Promise<void> {
  await mkdir(join(dir, file, '..'), { recursive: true });
  await writeFile(join(dir, file), text);
}

/** Appends `text` to a file of the project in `dir`; resolves to the 1-based line the text starts on. */
async function append(dir: string, file: string, text: string): Promise<number> {
  const path = join(dir, file);
  const before = await readFile(path, 'utf8');
  await writeFile(path, before + text);
  return before.split('\n').length;
}

/** The errors about `file`, as "LINE:COL message (hint)", or without the hint when `hints` is false. */
function about(errors: readonly SiteError[], file: string, hints = true): string[] {
  const hint = (e: SiteError) => (hints && e.hint ? ` (${e.hint})` : '');
  return errors.filter((e) => e.loc?.file === file).map((e) => `${e.loc!.line}:${e.loc!.column} ${e.message}${hint(e)}`);
}

describe('content the load stage read as nothing', () => {
  // One copy holds every load-stage problem: loading reports them all at once.
  let dir: string;
  let errors: SiteError[];
  const lines: Record<string, number> = {};

  beforeAll(async () => {
    dir = await tempProject();
    const treatment = await readFile(join(dir, 'content/treatments/nad.yaml'), 'utf8');
    await put(dir, 'content/treatment/x.yaml', treatment);
    await put(dir, 'content/blogs/x.md', '---\ntitle: X\n---\n');
    await put(dir, 'content/treatments/notes.md', 'notes\n');
    await put(dir, 'content/blog/upper.MD', '---\ntitle: X\n---\n');
    await put(dir, 'content/random-notes.yaml', 'a: 1\n');
    await put(dir, 'content/metadatas.yaml', 'a: 1\n');
    lines.controls = await append(dir, 'content/blog/hrt-glow-up.md', '\n\nA NUL\u0000 here.\n\nAn ESC\u001b[1m here.\n\nA vertical\u000btab.\n');
    lines.components = await append(
      dir, 'content/blog/burnout-and-energy.md', '\n\n::treatment{id="nad"\n\n::: note\nText.\n:::\n\n```\n:::warning\n```\n\n:::tip\nNever closed.\n',
    );
    await editFile(dir, 'content/blog/fat-loss-vs-weight-loss.md', 'publishDate: 2024-04-08', 'publishDate: 0000-01-01');
    await editFile(dir, 'content/blog/cbd-cbg-sleep-anxiety-pain.md', /^---\n/, '---yaml\n');
    await editFile(dir, 'content/site.yaml', 'opens: "10:00"\n    closes: "17:00"', 'opens: "17:00"\n    closes: "10:00"');
    await editFile(dir, 'content/site.yaml', 'days: [Sa, Su]\n    closed: true', 'days: [Fr, Sa, Su]\n    closed: true\n    opens: "9:00"');
    errors = await siteErrorsOf(loadContent(dir));
  });
  afterAll(async () => {
    await removeProject(dir);
  });

  it('should report a file in a folder the build does not read, naming the folder meant', () => {
    expect(about(errors, 'content/treatment/x.yaml')).toEqual([
      '1:1 content/treatment/x.yaml is never read: content/treatment/ is not a folder the build reads (did you mean content/treatments/? ' +
        'move the file there)',
    ]);
    expect(about(errors, 'content/blogs/x.md')[0]).toContain('did you mean content/blog/?');
  });

  it('should report a file whose extension its folder does not hold, with the name to give it', () => {
    expect(about(errors, 'content/treatments/notes.md')).toEqual([
      '1:1 content/treatments/notes.md is never read: content/treatments/ holds YAML files (.yaml) (rename it to notes.yaml if it is ' +
        'meant to be published, or move it out of content/: notes belong beside it, not in it)',
    ]);
    expect(about(errors, 'content/blog/upper.MD')).toEqual([
      '1:1 content/blog/upper.MD is never read: article files end in .md, in small letters (rename it to upper.md if it is meant to be ' +
        'published, or move it out of content/: notes belong beside it, not in it)',
    ]);
  });

  it('should report a file beside site.yaml that no page reads, with the name meant when one is close', () => {
    expect(about(errors, 'content/random-notes.yaml')[0]).toMatch(/^1:1 content\/random-notes\.yaml is never read: .*\(move it into the folder it belongs to/);
    expect(about(errors, 'content/metadatas.yaml')[0]).toContain('did you mean content/metadata.yaml?');
  });

  it('should report NUL, ESC and a vertical tab in an article at their places', () => {
    const at = lines.controls! + 2;
    expect(about(errors, 'content/blog/hrt-glow-up.md', false)).toEqual([
      `${at}:6 an invisible control character (U+0000) is here`,
      `${at + 2}:7 an invisible control character (U+001B) is here`,
      `${at + 4}:11 an invisible control character (U+000B) is here`,
    ]);
  });

  it('should report a component left unclosed or written with a space, not publish it as text, and leave code alone', () => {
    const at = lines.components! + 2;
    expect(about(errors, 'content/blog/burnout-and-energy.md')).toEqual([
      `${at}:1 the component "treatment" is not written the way it works (write its attributes between { and a closing }, on the same line)`,
      `${at + 2}:1 the component "note" is not written the way it works (write :::note, with no space between the colons and the name)`,
      `${at + 10}:1 the :::tip opened here is never closed, so the rest of the article would be inside it (add a line holding only ::: ` +
        'where the tip ends)',
    ]);
  });

  it('should refuse publishDate 0000-01-01, a year typed wrong', () => {
    expect(about(errors, 'content/blog/fat-loss-vs-weight-loss.md')).toEqual([
      '6:14 "publishDate" must be a date from 1900 on: check the year, written YYYY-MM-DD such as 2024-03-04',
    ]);
  });

  it('should refuse ---yaml as the opening line, which the browser editor does not read', () => {
    expect(about(errors, 'content/blog/cbd-cbg-sleep-anxiety-pain.md')).toEqual([
      '1:4 the first line marks the front matter as "yaml", which the browser editor does not read (delete "yaml", leaving three dashes ' +
        'alone (---): the front matter is read as YAML all the same)',
    ]);
  });

  it('should refuse office hours that open after they close, and a day both open and closed', () => {
    expect(about(errors, 'content/site.yaml', false)).toEqual([
      '21:12 "officeHours #1 opens" is 17:00, not before closes (10:00): check for a.m. and p.m., or swap the two times',
      '24:12 "officeHours #2 days #1" lists Fr, which the row "Monday to Friday" lists too: give each day one row, open or closed',
      '25:13 "officeHours #2 closed" is true, yet this row also gives opening times: remove one or the other',
    ]);
  });

  it('should report nothing else', () => {
    expect(errors.map((e) => e.loc?.file).sort()).toEqual([
      'content/blog/burnout-and-energy.md', 'content/blog/burnout-and-energy.md', 'content/blog/burnout-and-energy.md',
      'content/blog/cbd-cbg-sleep-anxiety-pain.md', 'content/blog/fat-loss-vs-weight-loss.md',
      'content/blog/hrt-glow-up.md', 'content/blog/hrt-glow-up.md', 'content/blog/hrt-glow-up.md',
      'content/blog/upper.MD', 'content/blogs/x.md', 'content/metadatas.yaml', 'content/random-notes.yaml',
      'content/site.yaml', 'content/site.yaml', 'content/site.yaml',
      'content/treatment/x.yaml', 'content/treatments/notes.md',
    ]);
  });
});
