/** Issue 26, what an office manager tripped over: times and phone numbers as people write them, on real builds of a copy. */
import { load } from 'cheerio';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../src/build.ts';
import { serve } from '../../src/serve/server.ts';
import { diskWriter } from '../../src/write/writer.ts';
import { editFile, siteErrorsOf, tempProject } from '../helpers.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the project with `edit` applied, built into a folder of its own; resolves to the home page. */
async function homeOf(edit: (dir: string) => Promise<void>) {
  const dir = await tempProject();
  made.push(dir);
  await edit(dir);
  const out = join(await mkdtemp(join(tmpdir(), 'clinic-office-')), 'dist');
  made.push(join(out, '..'));
  await build({ root: dir, writer: diskWriter(out, dir) });
  return load(await readFile(join(out, 'index.html'), 'utf8'));
}

const hoursRow = (dir: string, opens: string, closes: string) =>
  editFile(dir, 'content/site.yaml', 'opens: "10:00"\n    closes: "17:00"', `opens: ${opens}\n    closes: ${closes}`);

describe('office hours as people write them', () => {
  it('should accept 9:00 and 9:00 AM as opening times and publish them as 09:00 (9:00 AM on the page)', async () => {
    for (const [opens, closes] of [['9:00', '17:00'], ['"9:00 AM"', '5:00 PM'], ['09:00', '5:00pm']]) {
      const $ = await homeOf((dir) => hoursRow(dir, opens!, closes!));
      const times = $('dl.hours time').toArray().map((t) => `${$(t).attr('datetime')}=${$(t).text()}`);
      expect(times, `opens: ${opens}, closes: ${closes}`).toEqual(['09:00=9:00 AM', '17:00=5:00 PM']);
      expect($('script[type="application/ld+json"]').text()).toContain('"Mo-Fr 09:00-17:00"');
    }
  });

  it('should read 12:00 AM as midnight and 12:30 PM as half past noon', async () => {
    const $ = await homeOf((dir) => hoursRow(dir, '12:00 AM', '12:30 PM'));
    expect($('dl.hours time').toArray().map((t) => $(t).attr('datetime'))).toEqual(['00:00', '12:30']);
  });

  it('should refuse a time that is none, naming the forms it takes, at its line', async () => {
    const dir = await tempProject();
    made.push(dir);
    await hoursRow(dir, '"25:00"', '"5:00 XM"');
    const errors = await siteErrorsOf(build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir) }));
    expect(errors.map((e) => [e.loc?.file, e.loc?.line])).toEqual([['content/site.yaml', 21], ['content/site.yaml', 22]]);
    for (const error of errors) expect(error.message).toContain('9:00, 17:00 or 9:00 AM');
  });
});

describe('a phone number with an extension', () => {
  it('should show "(555) 010-0100 ext. 12" and dial the extension after a pause (tel:5550100100,12)', async () => {
    for (const written of ['(555) 010-0100 ext. 12', '(555) 010-0100 x12', '"(555) 010-0100 ext: 12"', '(555) 010-0100 Extension 12']) {
      const $ = await homeOf((dir) => editFile(dir, 'content/site.yaml', 'phone: (555) 010-0142', `phone: ${written}`));
      const links = $('a[href^="tel:555"]').toArray();
      expect(links.length, written).toBeGreaterThanOrEqual(2);
      for (const link of links) {
        expect($(link).attr('href')).toBe('tel:5550100100,12');
        expect($(link).text().replace(/\u00a0/g, ' ').replace(/\u2011/g, '-')).toContain('(555) 010-0100 ext. 12');
      }
    }
  });

  it('should still refuse a phone number that is not one', async () => {
    const dir = await tempProject();
    made.push(dir);
    await editFile(dir, 'content/site.yaml', 'phone: (555) 010-0142', 'phone: call us ext 12');
    const errors = await siteErrorsOf(build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir) }));
    expect(errors.map((e) => e.loc?.line)).toEqual([10]);
    expect(errors[0]!.message).toContain('ext. 12 or x12');
  });
});

describe('a quiet terminal in serve', () => {
  it('should print the address first and the unreviewed pages once, on one line, not again after each rebuild', async () => {
    const dir = await tempProject();
    made.push(dir);
    const lines: string[] = [];
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: (line: string) => lines.push(line) });
    const builtAfter = async (count: number) => {
      const deadline = Date.now() + 30_000;
      while (lines.filter((l) => l.startsWith('✓ built')).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    };
    try {
      expect(lines[0], lines.join('\n')).toMatch(/^clinic-site serving http:\/\/127\.0\.0\.1:\d+/);
      // A full rebuild, a rebuild of one article's body, then a full rebuild again.
      await editFile(dir, 'content/site.yaml', 'tagline: Wellness starts when you are heard.', 'tagline: Wellness starts when you are heard!');
      await builtAfter(2);
      await editFile(dir, 'content/blog/hrt-glow-up.md', /\n$/, '\n\nOne more line.\n');
      await builtAfter(3);
      await editFile(dir, 'content/site.yaml', 'tagline: Wellness starts when you are heard!', 'tagline: Wellness starts when you are heard.');
      await builtAfter(4);
      expect(lines.filter((l) => l.startsWith('✓ built')), lines.join('\n')).toHaveLength(4);
      const review = lines.filter((l) => l.includes('never medically reviewed'));
      expect(review, lines.join('\n')).toHaveLength(1);
      expect(review[0]).toMatch(/^! \d+ medical pages were never medically reviewed .*`npm run check` lists them$/);
      expect(lines.join('\n')).not.toContain('    content/');
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('a YAML message printed once', () => {
  it('should print a broken YAML file\'s message once in serve, not again when another save finds the same problem', async () => {
    const dir = await tempProject();
    made.push(dir);
    const lines: string[] = [];
    const server = await serve({ root: dir, port: 0, host: '127.0.0.1', log: (line: string) => lines.push(line) });
    const failures = async (count: number) => {
      const deadline = Date.now() + 30_000;
      const failed = () => lines.filter((l) => l.includes('still serving the last good build')).length;
      while (failed() < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    };
    try {
      await editFile(dir, 'content/site.yaml', 'tagline: Wellness', 'tagline: "Wellness');
      await failures(1);
      // Another file saved, and the broken one saved again unchanged in its YAML: the same problem both times.
      await editFile(dir, 'content/blog/hrt-glow-up.md', /\n$/, '\n\nOne more line.\n');
      await failures(2);
      await editFile(dir, 'content/site.yaml', /\n$/, '\n# saved again\n');
      await failures(3);
      const text = lines.join('\n');
      expect(text.match(/content\/site\.yaml:5:10 {2}the quote \("\) opened here is never closed/g), text).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('✗ the same 1 problem as above')), text).toHaveLength(2);
      await editFile(dir, 'content/site.yaml', 'tagline: "Wellness', 'tagline: Wellness');
      const deadline = Date.now() + 30_000;
      const built = () => lines.filter((l) => l.startsWith('✓ built')).length;
      while (built() < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await editFile(dir, 'content/site.yaml', 'tagline: Wellness', 'tagline: "Wellness');
      await failures(4);
      // After a good build, the problem is news again.
      expect(lines.join('\n').match(/content\/site\.yaml:5:10/g)).toHaveLength(2);
    } finally {
      await server.close();
    }
  }, 120_000);
});

describe('a picture named with spaces and capitals', () => {
  it('should name the file name to use (spring-habits.jpg) for an article image and a provider photo', async () => {
    const dir = await tempProject();
    made.push(dir);
    await editFile(dir, 'content/blog/hrt-glow-up.md', /^image: .*$/m, 'image: Spring Habits.JPG');
    await editFile(dir, 'content/providers/jane-example.yaml', 'src: /images/providers/jane-example.jpg', 'src: /images/Providers/Jane Example.JPG');
    const errors = await siteErrorsOf(build({ root: dir, writer: diskWriter(join(dir, 'dist'), dir) }));
    const article = errors.find((e) => e.loc?.file === 'content/blog/hrt-glow-up.md');
    expect(article?.hint, errors.map((e) => e.message).join('\n')).toContain('rename the file to "spring-habits.jpg" and write "spring-habits.jpg" here');
    const photo = errors.find((e) => e.loc?.file === 'content/providers/jane-example.yaml');
    expect(photo?.hint).toContain('rename the file to "jane-example.jpg" and write "/images/providers/jane-example.jpg" here');
  });
});
